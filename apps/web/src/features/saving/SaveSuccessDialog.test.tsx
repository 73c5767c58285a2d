// @vitest-environment jsdom
import '../../i18n.ts';
import './words.ts';
import type { Pin, RepinResult } from '@pinboard/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, requestedUrls, stubApi, success } from '../../test/apiStub.ts';
import { signedInViewer } from '../../test/auth.tsx';
import { buildUser } from '../../test/boards.ts';
import { buildPin } from '../../test/pins.ts';
import { renderWithApp } from './pickerFixtures.tsx';
import { SaveSuccessDialog } from './SaveSuccessDialog.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const video = { url: '/media/videos/5.mp4', duration_ms: 15_000, width: 720, height: 1280 };
const linked = { link: 'https://copper.example/lamps', domain: 'copper.example' };
const found = (count: number) =>
  success({
    url: linked.link,
    title: 'Lamps',
    description: null,
    items: Array.from({ length: count }, (_, index) => ({
      type: 'pinnable',
      url: `https://copper.example/${index}.jpg`,
      width: null,
      height: null,
    })),
  });

function renderDialog(
  pin: Partial<Pin>,
  options: { withWebsiteImages?: boolean; findImages?: () => Response } = {},
) {
  const fetch = stubApi({
    getViewer: () => success(signedInViewer(buildUser({ username: 'maya' }))),
    findImages: options.findImages ?? (() => found(0)),
  });
  const result: RepinResult = {
    pin: buildPin({ id: '555', title: 'Copper lamp', ...pin }),
    board: { id: '31', name: 'Kitchen', url: '/maya/kitchen/' },
    section: null,
    is_first_save: false,
    already_saved: false,
    link_domain_official_user: null,
  };
  renderWithApp(
    <SaveSuccessDialog
      result={result}
      boardCreated={false}
      withWebsiteImages={options.withWebsiteImages ?? true}
      onClose={() => {}}
    />,
  );
  return { fetch, dialog: screen.getByRole('dialog', { name: 'Saved to Kitchen' }) };
}

const findImagesCalls = (fetch: ReturnType<typeof stubApi>) =>
  requestedUrls(fetch).filter((url) => url.startsWith('/v3/pins/find_images/'));

describe('SaveSuccessDialog media', () => {
  it('plays the saved pin’s video muted and looping, with its length', () => {
    const { fetch, dialog } = renderDialog({ ...linked, video });

    const player = dialog.querySelector('video')!;
    expect(player.getAttribute('src')).toBe(video.url);
    expect(player.getAttribute('poster')).toBe('/media/pins/555/474x.jpg');
    expect(player.muted && player.loop && player.autoplay).toBe(true);
    expect(player.getAttribute('aria-label')).toBe('Copper lamp');
    expect(within(dialog).getByText('Video, 0:15')).toBeTruthy();
    fireEvent.play(player);
    expect(within(dialog).getByRole('button', { name: 'Pause video' })).toBeTruthy();
    // A video pin keeps its video: its website's images are not asked for.
    expect(findImagesCalls(fetch)).toEqual([]);
  });

  it('shows the image first, then the pin and its website’s images in a grid', async () => {
    const { fetch, dialog } = renderDialog({ ...linked }, { findImages: () => found(12) });

    expect(within(dialog).getByRole('img', { name: 'Copper lamp' })).toBeTruthy();
    const grid = await within(dialog).findByRole('list', { name: 'Images from copper.example' });
    const images = within(grid).getAllByRole('img');
    // The pin's own image leads; 8 of the website's follow (9 cells, 3 columns).
    expect(images.map((image) => image.getAttribute('alt'))).toEqual([
      'Copper lamp',
      ...Array.from({ length: 8 }, (_, index) => `Image ${index + 1} from copper.example`),
    ]);
    expect(images[1]!.getAttribute('loading')).toBe('lazy');
    expect(findImagesCalls(fetch)).toEqual([`/v3/pins/find_images/?url=${encodeURIComponent(linked.link)}`]);
  });

  it.each([
    ['one website image', () => found(1)],
    ['a failed lookup', () => failure(429, 'rate_limited')],
  ])('keeps the pin image after %s', async (_, findImages) => {
    const { fetch, dialog } = renderDialog({ ...linked }, { findImages });

    await vi.waitFor(() => expect(findImagesCalls(fetch)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(within(dialog).queryByRole('list')).toBeNull();
    expect(within(dialog).getByRole('img', { name: 'Copper lamp' })).toBeTruthy();
  });

  it('does not look for website images when not asked to (the grid’s dialog)', async () => {
    const { fetch } = renderDialog({ ...linked }, { withWebsiteImages: false });

    await screen.findByRole('link', { name: 'See it now' });
    expect(findImagesCalls(fetch)).toEqual([]);
  });
});
