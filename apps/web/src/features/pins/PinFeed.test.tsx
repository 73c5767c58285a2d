// @vitest-environment jsdom
import '../../i18n.ts';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPin } from '../../test/pins.ts';
import { PinFeed } from './PinFeed.tsx';

// jsdom has no layout: the feed's top edge follows a fake window scroll; the viewport is 1024 × 768.
let scrollY = 0;

beforeEach(() => {
  scrollY = 0;
  vi.useFakeTimers();
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const top = this.getAttribute('role') === 'feed' ? -scrollY : 0;
    return { top, bottom: top, left: 0, right: 0, width: 0, height: 0, x: 0, y: top, toJSON: () => ({}) };
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function scrollTo(y: number) {
  scrollY = y;
  fireEvent.scroll(window);
  // One animation frame for the rendered window.
  act(() => vi.advanceTimersByTime(20));
}

const manyPins = Array.from({ length: 5000 }, (_, i) => buildPin({ id: String(i + 1) }));

function renderFeed(props: Partial<Parameters<typeof PinFeed>[0]> = {}) {
  const fetchMore = vi.fn();
  render(
    <MemoryRouter>
      <PinFeed
        pins={manyPins}
        hasMore
        isFetchingMore={false}
        fetchMore={fetchMore}
        label="Home feed"
        {...props}
      />
    </MemoryRouter>,
  );
  return fetchMore;
}

describe('PinFeed', () => {
  it('renders only the cards near the viewport out of 5,000 pins', () => {
    renderFeed();

    const feed = screen.getByRole('feed', { name: 'Home feed' });
    const cards = within(feed).getAllByRole('article');
    // 4 columns of 236 px fit 1024 px; cards are 414 px tall; one viewport of overscan below.
    expect(cards.length).toBeGreaterThanOrEqual(16);
    expect(cards.length).toBeLessThan(40);
    expect(cards[0]!.getAttribute('aria-posinset')).toBe('1');
    expect(cards[0]!.getAttribute('aria-setsize')).toBe('-1');
    // The grid is as tall as all 5,000 cards: 1,250 rows of 414 + 16 px.
    expect(feed.style.height).toBe(`${1250 * 430 - 16}px`);
  });

  it('places the cards in shortest-column order, centred', () => {
    renderFeed();

    const cards = within(screen.getByRole('feed')).getAllByRole('article');
    // 4 × 236 + 3 × 16 = 992 px, so 16 px on each side of 1,024.
    expect(cards.slice(0, 5).map((card) => card.style.transform)).toEqual([
      'translate(16px, 0px)',
      'translate(268px, 0px)',
      'translate(520px, 0px)',
      'translate(772px, 0px)',
      'translate(16px, 430px)',
    ]);
  });

  it('swaps cards as the window scrolls', () => {
    renderFeed();

    scrollTo(430 * 600);

    const cards = within(screen.getByRole('feed')).getAllByRole('article');
    const positions = cards.map((card) => Number(card.getAttribute('aria-posinset')));
    expect(cards.length).toBeLessThan(40);
    expect(Math.min(...positions)).toBeGreaterThan(2300);
    expect(Math.max(...positions)).toBeLessThan(2450);
  });

  it('fetches more 200 ms after scrolling stops within two viewports of the end', () => {
    const fetchMore = renderFeed();
    const height = 1250 * 430 - 16;

    // Content ends three viewports below the viewport's bottom: not yet.
    scrollTo(height - 4 * 768);
    act(() => vi.advanceTimersByTime(1000));
    expect(fetchMore).not.toHaveBeenCalled();

    scrollTo(height - 3 * 768);
    act(() => vi.advanceTimersByTime(100));
    scrollTo(height - 3 * 768 + 10);
    act(() => vi.advanceTimersByTime(150));
    // Still scrolling: the debounce has not run out.
    expect(fetchMore).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(50));
    expect(fetchMore).toHaveBeenCalledTimes(1);
  });

  it('fetches more right away when the first page is shorter than the screen', () => {
    const fetchMore = renderFeed({ pins: manyPins.slice(0, 4) });

    act(() => vi.advanceTimersByTime(199));
    expect(fetchMore).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(fetchMore).toHaveBeenCalledTimes(1);
  });

  it('does not fetch while a page is loading, and says it is loading', () => {
    const fetchMore = renderFeed({ pins: manyPins.slice(0, 4), isFetchingMore: true });

    act(() => vi.advanceTimersByTime(1000));
    expect(fetchMore).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('Loading more pins…');
    expect(screen.getByRole('feed').getAttribute('aria-busy')).toBe('true');
  });

  it('says when the end is reached, and stops fetching', () => {
    const fetchMore = renderFeed({ pins: manyPins.slice(0, 4), hasMore: false });

    act(() => vi.advanceTimersByTime(1000));
    expect(fetchMore).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('That’s all the pins for now.');
    expect(within(screen.getByRole('feed')).getAllByRole('article')[0]!.getAttribute('aria-setsize')).toBe(
      '4',
    );
  });

  it('can leave out the end message', () => {
    renderFeed({ pins: manyPins.slice(0, 4), hasMore: false, endText: null });

    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('offers a retry instead of fetching by scroll after a failure', () => {
    const fetchMore = renderFeed({ pins: manyPins.slice(0, 4), fetchMoreFailed: true });

    act(() => vi.advanceTimersByTime(1000));
    expect(fetchMore).not.toHaveBeenCalled();
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(fetchMore).toHaveBeenCalledTimes(1);
  });

  it('shows the empty text when there are no pins', () => {
    renderFeed({ pins: [], hasMore: false, emptyText: 'Nothing saved yet.' });

    expect(screen.getByText('Nothing saved yet.')).toBeTruthy();
    expect(screen.queryByRole('feed')).toBeNull();
  });

  it('keeps the focused card rendered when it scrolls away', () => {
    renderFeed();
    const first = screen.getByRole('link', { name: 'Pin 1' });
    act(() => first.focus());

    scrollTo(430 * 600);

    expect(document.activeElement).toBe(first);
    expect(screen.getByRole('link', { name: 'Pin 1' })).toBe(first);
  });
});
