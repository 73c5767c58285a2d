// @vitest-environment jsdom
import '../i18n.ts';
import type { MediaUpload } from '@pinboard/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { success } from '../test/apiStub.ts';
import { postedBodies, renderWithAuth, signedInViewer, stubAuthApi } from '../test/auth.tsx';
import type * as MediaChecks from '../features/pinBuilder/mediaChecks.ts';
import { buildPicker, buildPickerBoard } from '../features/saving/pickerFixtures.tsx';
import { IdeaPinBuilderPage } from './IdeaPinBuilderPage.tsx';
import { storyPagesReducer, type StoryPageDraft } from '../features/ideaPins/storyPages.ts';

vi.mock('../features/pinBuilder/mediaChecks.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof MediaChecks>()),
  readImageSize: vi.fn(async () => ({ width: 900, height: 1600 })),
}));

const image = { url: '/media/a.png', width: 900, height: 1600 };
let uploads = 0;
const nextUpload = (): MediaUpload => ({
  media_upload_id: String(70 + ++uploads),
  type: 'image',
  status: 'ready',
  images: { '236x': image, '474x': image, '736x': image, orig: image },
  dominant_color: '#aabbcc',
  video: null,
  error: null,
});

beforeEach(() => {
  uploads = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:page', revokeObjectURL: () => {} }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('storyPagesReducer', () => {
  const pages = (count: number): StoryPageDraft[] =>
    Array.from({ length: count }, (_, index) => ({ key: `p${index}`, text: '' }));

  it('keeps between 1 and 20 pages and moves within the ends', () => {
    expect(storyPagesReducer(pages(20), { type: 'add', key: 'x' })).toHaveLength(20);
    expect(storyPagesReducer(pages(1), { type: 'remove', key: 'p0' })).toHaveLength(1);
    expect(storyPagesReducer(pages(3), { type: 'move', key: 'p0', by: 1 }).map((p) => p.key)).toEqual([
      'p1',
      'p0',
      'p2',
    ]);
    const three = pages(3);
    expect(storyPagesReducer(three, { type: 'move', key: 'p2', by: 1 })).toBe(three);
  });
});

describe('IdeaPinBuilderPage', () => {
  it('publishes the pages in their order with their texts', async () => {
    const fetch = stubAuthApi(signedInViewer(), {
      getBoardPicker: () => success(buildPicker([buildPickerBoard({ id: '31', name: 'Lighting' })])),
      createMediaUpload: () => success(nextUpload()),
      createPin: () =>
        success({ id: '901', board: { id: '31', name: 'Lighting', url: '/ada/lighting/' }, section: null }),
    });
    renderWithAuth({
      routes: [{ path: 'idea-pin-builder', Component: IdeaPinBuilderPage }],
      path: '/idea-pin-builder',
    });
    const png = new File([new Uint8Array(10)], 'a.png', { type: 'image/png' });

    fireEvent.change(await screen.findByLabelText('Add image or video'), { target: { files: [png] } });
    await screen.findByRole('img', { name: 'Page 1' });
    fireEvent.change(screen.getByLabelText('Text on page 1'), { target: { value: 'First' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add page' }));
    expect(screen.getByText('2 of 20 pages')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Page 2 has no image or video yet.');

    fireEvent.change(screen.getByLabelText('Add image or video'), { target: { files: [png] } });
    await screen.findByRole('img', { name: 'Page 2' });
    fireEvent.change(screen.getByLabelText('Text on page 2'), { target: { value: 'Second' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move page 2 up' }));
    expect((screen.getByLabelText('Text on page 1') as HTMLTextAreaElement).value).toBe('Second');

    fireEvent.click(screen.getByRole('button', { name: /^Board/ }));
    fireEvent.click(
      await within(await screen.findByRole('dialog')).findByRole('option', { name: /Lighting/ }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));

    await screen.findByRole('heading', { name: 'Your Pin is published!' });
    expect(postedBodies(fetch, '/v3/pins/')[0]).toMatchObject({
      board_id: '31',
      method: 'uploaded',
      story_pages: [
        { media_upload_id: '72', text: 'Second' },
        { media_upload_id: '71', text: 'First' },
      ],
    });
  });
});
