// @vitest-environment jsdom
import '../../i18n.ts';
import type { Pin } from '@pinboard/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPin } from '../../test/pins.ts';
import { PinCard } from './PinCard.tsx';

afterEach(cleanup);

function renderCard(pin: Pin, width = 236) {
  return render(
    <MemoryRouter>
      <PinCard pin={pin} width={width} />
    </MemoryRouter>,
  );
}

describe('PinCard', () => {
  it('shows the 236x image at its stored size over the dominant colour, with 474x for 2x screens', () => {
    renderCard(buildPin({ id: '5', title: 'Red', dominant_color: '#ff0000' }));

    const image = screen.getByRole('img', { name: 'Red' }) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/media/pins/5/236x.jpg');
    expect(image.getAttribute('srcset')).toBe('/media/pins/5/236x.jpg 236w, /media/pins/5/474x.jpg 474w');
    expect(image.getAttribute('width')).toBe('236');
    expect(image.getAttribute('height')).toBe('354');
    const box = image.parentElement!;
    expect(box.style.backgroundColor).toBe('rgb(255, 0, 0)');
    // The box has its final height before the image arrives.
    expect(box.style.height).toBe('354px');
  });

  it('shows a video pin’s length over its image', () => {
    const video = { url: '/media/v.mp4', duration_ms: 15_000, width: 720, height: 1280 };
    renderCard(buildPin({ id: '5', title: 'Red', video }));

    expect(screen.getByRole('link', { name: /^Red\s*Video, 0:15$/ })).toBeTruthy();
    expect(screen.getByText('0:15').getAttribute('aria-hidden')).toBe('true');
  });

  it('describes the image by the alt text its pinner wrote, else its title', () => {
    renderCard(buildPin({ id: '5', title: 'Red', alt_text: 'A red chair by a window' }));

    expect(screen.getByRole('img', { name: 'A red chair by a window' })).toBeTruthy();
  });

  it('links the card to the pin and the pinner to their profile', () => {
    renderCard(buildPin({ id: '5', title: 'Red' }));

    expect(screen.getByRole('link', { name: 'Red' }).getAttribute('href')).toBe('/pin/5/');
    expect(screen.getByText('Red').tagName).toBe('P');
    const pinner = screen.getByRole('link', { name: 'Ada Lovelace' });
    expect(pinner.getAttribute('href')).toBe('/ada/');
    expect(pinner.textContent).toBe('AAda Lovelace');
  });

  it('shows a pin the viewer saved as Saved with the board’s name, not a red Save', () => {
    const viewer_saved = {
      pin_id: '8',
      board_id: '3',
      board_name: 'Lamps',
      section_id: null,
      section_title: null,
    };
    renderCard(buildPin({ id: '5', title: 'Red', viewer_saved }));

    expect(screen.queryByRole('link', { name: 'Save Red' })).toBeNull();
    expect(screen.getByText('Saved')).toBeTruthy();
    // The board's name opens the board picker, to save it elsewhere.
    const menu = screen.getByRole('link', { name: 'Saved to Lamps. Save to another board' });
    expect(menu.textContent).toBe('Lamps');
    expect(menu.getAttribute('href')).toBe('/pin/5/repin/');
  });

  it('offers a save button leading to the save page', () => {
    renderCard(buildPin({ id: '5', title: 'Red' }));

    const save = screen.getByRole('link', { name: 'Save Red' });
    expect(save.textContent).toBe('Save');
    expect(save.getAttribute('href')).toBe('/pin/5/repin/');
  });

  it('shows the link’s domain as a chip opening the link in a new tab', () => {
    renderCard(buildPin({ link: 'https://example.com/recipe', domain: 'example.com' }));

    const chip = screen.getByRole('link', { name: 'example.com (opens in a new tab)' });
    expect(chip.getAttribute('href')).toBe('https://example.com/recipe');
    expect(chip.getAttribute('target')).toBe('_blank');
    expect(chip.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('has no chip without a link', () => {
    renderCard(buildPin({ link: null, domain: null }));

    expect(screen.queryByRole('link', { name: /new tab/ })).toBeNull();
  });

  it('describes an untitled pin by its description, else by its pinner', () => {
    renderCard(buildPin({ id: '1', title: '', description: 'A quiet lake at dawn' }));
    expect(screen.getByRole('img', { name: 'A quiet lake at dawn' })).toBeTruthy();
    cleanup();

    const pin = buildPin({ title: '', description: '' });
    renderCard({ ...pin, pinner: { ...pin.pinner, full_name: '' } });
    expect(screen.getByRole('img', { name: 'Pin by ada' })).toBeTruthy();
    expect(screen.queryByText('Pin by ada', { selector: 'p' })).toBeNull();
  });

  it('shows the pinner’s picture when they have one', () => {
    const pin = buildPin();
    const { container } = renderCard({
      ...pin,
      pinner: { ...pin.pinner, image_medium_url: '/media/avatars/ada.jpg' },
    });

    expect(container.querySelector('img[src="/media/avatars/ada.jpg"]')?.getAttribute('alt')).toBe('');
  });
});
