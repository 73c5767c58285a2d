// @vitest-environment jsdom
import '../../i18n.ts';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPin } from '../../test/pins.ts';
import { PinCard } from './PinCard.tsx';
import {
  createImpressionReporter,
  IMPRESSION_BATCH_MS,
  IMPRESSION_VISIBLE_MS,
  usePromotedImpression,
  type ImpressionReporter,
} from './promotedImpressions.ts';
import { useRef } from 'react';

/** A stand-in IntersectionObserver the test drives by hand. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(element: Element) {
    this.targets.add(element);
  }
  unobserve(element: Element) {
    this.targets.delete(element);
  }
  disconnect() {
    this.targets.clear();
  }
  show(element: Element, ratio: number) {
    const entry = {
      target: element,
      isIntersecting: ratio > 0,
      intersectionRatio: ratio,
    } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Card({ token, reporter }: { token: string; reporter: ImpressionReporter }) {
  const ref = useRef<HTMLDivElement>(null);
  usePromotedImpression(ref, token, reporter);
  return <div ref={ref} data-testid={token} />;
}

describe('the impression reporter', () => {
  it('reports a card half visible for a second, once, in a batch', async () => {
    const send = vi.fn(async (_tokens: string[]) => {});
    const reporter = createImpressionReporter(send);
    render(
      <>
        <Card token="t1" reporter={reporter} />
        <Card token="t2" reporter={reporter} />
      </>,
    );
    const observer = FakeObserver.all[0]!;
    const one = screen.getByTestId('t1');
    const two = screen.getByTestId('t2');
    // Less than half visible: nothing.
    observer.show(one, 0.4);
    vi.advanceTimersByTime(IMPRESSION_VISIBLE_MS + IMPRESSION_BATCH_MS);
    expect(send).not.toHaveBeenCalled();
    // Half visible but gone before a second: nothing.
    observer.show(one, 0.5);
    vi.advanceTimersByTime(IMPRESSION_VISIBLE_MS - 1);
    observer.show(one, 0);
    vi.advanceTimersByTime(IMPRESSION_VISIBLE_MS + IMPRESSION_BATCH_MS);
    expect(send).not.toHaveBeenCalled();
    // Both half visible for a second: one batch with both.
    observer.show(one, 0.6);
    observer.show(two, 1);
    vi.advanceTimersByTime(IMPRESSION_VISIBLE_MS);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IMPRESSION_BATCH_MS);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0]).toEqual(['t1', 't2']);
    // Seen again: not reported again.
    observer.show(one, 0);
    observer.show(one, 1);
    vi.advanceTimersByTime(IMPRESSION_VISIBLE_MS + IMPRESSION_BATCH_MS);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends what waits when flushed', () => {
    const send = vi.fn(async (_tokens: string[]) => {});
    const reporter = createImpressionReporter(send);
    render(<Card token="t3" reporter={reporter} />);
    FakeObserver.all[0]!.show(screen.getByTestId('t3'), 1);
    vi.advanceTimersByTime(IMPRESSION_VISIBLE_MS);
    reporter.flush();
    expect(send).toHaveBeenCalledWith(['t3']);
  });
});

describe('a promoted card', () => {
  it('says who promotes it instead of the pinner, and an ordinary card does not', () => {
    const promoted = buildPin({
      id: '7',
      title: 'Bread',
      is_promoted: true,
      promoter: { name: 'Oven Co', username: 'ovenco' },
      ad_token: 'token',
    });
    render(
      <MemoryRouter>
        <PinCard pin={promoted} width={236} />
        <PinCard pin={buildPin({ id: '8', title: 'Cake' })} width={236} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Promoted by Oven Co' });
    expect(link.getAttribute('href')).toBe('/ovenco/');
    expect(screen.getAllByText(/Promoted by/)).toHaveLength(1);
    // The promoted card is watched for its impression.
    expect(FakeObserver.all.some((o) => o.targets.size === 1)).toBe(true);
  });
});
