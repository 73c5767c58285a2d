// @vitest-environment jsdom
import '../i18n.ts';
import type { MediaUpload } from '@pinboard/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, success } from '../test/apiStub.ts';
import { buildViewer, postedBodies, renderWithAuth, signedInViewer, stubAuthApi } from '../test/auth.tsx';
import { buildPicker, buildPickerBoard } from '../features/saving/pickerFixtures.tsx';
import type * as MediaChecks from '../features/pinBuilder/mediaChecks.ts';
import { PinBuilderPage } from './PinBuilderPage.tsx';

// jsdom reads no images: the browser's size check is the test's to answer.
vi.mock('../features/pinBuilder/mediaChecks.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof MediaChecks>()),
  readImageSize: vi.fn(async () => ({ width: 800, height: 1200 })),
}));

const image = { url: '/media/736x/a.png', width: 736, height: 1104 };
const readyUpload = (id: string): MediaUpload => ({
  media_upload_id: id,
  type: 'image',
  status: 'ready',
  images: { '236x': image, '474x': image, '736x': image, orig: image },
  dominant_color: '#aabbcc',
  video: null,
  error: null,
});
const created = {
  id: '900',
  board: { id: '31', name: 'Lighting', url: '/ada/lighting/' },
  section: null,
};
const refusal = (message: string) => failure(400, 'media_refused', { field: 'file', message });

function renderBuilder(answers: Parameters<typeof stubAuthApi>[1] = {}, viewer = signedInViewer()) {
  const fetch = stubAuthApi(viewer, {
    getBoardPicker: () => success(buildPicker([buildPickerBoard({ id: '31', name: 'Lighting' })])),
    createMediaUpload: () => success(readyUpload('55')),
    createPin: () => success(created),
    ...answers,
  });
  renderWithAuth({ routes: [{ path: 'pin-builder', Component: PinBuilderPage }], path: '/pin-builder' });
  return fetch;
}

const chooseFile = async (file: File) =>
  fireEvent.change(await screen.findByLabelText('Choose a file'), { target: { files: [file] } });
const png = () => new File([new Uint8Array(2000)], 'lamp.png', { type: 'image/png' });

async function chooseBoard() {
  fireEvent.click(screen.getByRole('button', { name: /^Board/ }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(await within(dialog).findByRole('option', { name: /Lighting/ }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PinBuilderPage', () => {
  it('asks a visitor to log in', async () => {
    renderBuilder({}, buildViewer());
    expect(await screen.findByRole('heading', { name: 'Log in to create Pins' })).toBeTruthy();
    expect(screen.queryByLabelText('Choose a file')).toBeNull();
  });

  it('uploads a file and publishes it to the chosen board as an uploaded pin', async () => {
    const fetch = renderBuilder();
    await chooseFile(png());
    expect(await screen.findByRole('img', { name: 'Preview of your Pin' })).toBeTruthy();
    const upload = fetch.mock.calls.find(([url]) => String(url).startsWith('/v3/media/uploads/'));
    expect((upload?.[1]?.body as FormData).get('file')).toBeInstanceOf(File);

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Brass lamp' } });
    fireEvent.change(screen.getByLabelText('Destination link'), { target: { value: 'example.com/lamp' } });
    await chooseBoard();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByRole('heading', { name: 'Your Pin is published!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your Pin' }).getAttribute('href')).toBe('/pin/900/');
    expect(postedBodies(fetch, '/v3/pins/')).toEqual([
      {
        board_id: '31',
        section_id: null,
        title: 'Brass lamp',
        description: '',
        link: 'https://example.com/lamp',
        method: 'uploaded',
        media_upload_id: '55',
      },
    ]);
  });

  it('refuses to publish past the limits or without media and board, and says why', async () => {
    const fetch = renderBuilder();
    const title = await screen.findByLabelText('Title');
    fireEvent.change(title, { target: { value: 'x'.repeat(101) } });
    expect(await screen.findByText('101 of 100 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Please enter no more than 100 characters.')).toBeTruthy();
    expect(await screen.findByText('Add an image or video first.')).toBeTruthy();
    expect(screen.getByText('Choose a board for your Pin.')).toBeTruthy();
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(postedBodies(fetch, '/v3/pins/')).toEqual([]);
  });

  it('checks the file quickly, then shows the server’s refusal in its words', async () => {
    const fetch = renderBuilder({ createMediaUpload: () => refusal('Your storage is full.') });
    await chooseFile(new File(['<html>'], 'page.html', { type: 'text/html' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Only JPEG, PNG, WebP and GIF');
    expect(postedBodies(fetch, '/v3/media/uploads/')).toEqual([]);

    await chooseFile(png());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Your storage is full.'));
  });

  it('says a website address is not one, with Find off, and asks nothing', async () => {
    const fetch = renderBuilder();
    const address = await screen.findByLabelText('Website address');
    const find = screen.getByRole('button', { name: 'Find images' }) as HTMLButtonElement;
    fireEvent.change(address, { target: { value: 'not a link' } });
    expect(find.disabled).toBe(true);
    expect(await screen.findByText('Please enter a web address, like https://example.com.')).toBeTruthy();
    fireEvent.submit(address.closest('form')!);

    fireEvent.change(address, { target: { value: 'shop.example/lamp' } });
    await waitFor(() => expect(find.disabled).toBe(false));
    expect(screen.queryByText('Please enter a web address, like https://example.com.')).toBeNull();
    expect(fetch.mock.calls.filter(([url]) => String(url).startsWith('/v3/pins/find_images/'))).toEqual([]);
  });

  it('publishes an image picked from a web page as a pinbuilder pin, filling empty fields', async () => {
    const fetch = renderBuilder({
      findImages: () =>
        success({
          url: 'https://shop.example/lamp',
          title: 'A lamp',
          description: 'Warm light',
          items: [{ type: 'pinnable', url: 'https://shop.example/lamp.jpg', width: 600, height: 900 }],
        }),
      registerImage: () => success(readyUpload('56')),
    });
    fireEvent.change(await screen.findByLabelText('Website address'), {
      target: { value: 'shop.example/lamp' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Find images' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Use image 1' }));

    expect(await screen.findByRole('group', { name: 'Aspect ratio' })).toBeTruthy();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('A lamp');
    await chooseBoard();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));

    await screen.findByRole('heading', { name: 'Your Pin is published!' });
    expect(postedBodies(fetch, '/v3/pins/')[0]).toMatchObject({
      method: 'pinbuilder',
      media_upload_id: '56',
      link: 'https://shop.example/lamp',
      description: 'Warm light',
    });
    const put = fetch.mock.calls.find(([url]) => String(url) === '/v3/pins/image/');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ image_url: 'https://shop.example/lamp.jpg' });
  });

  // The server's reason was replaced by 'That page could not be read'.
  it("says the server's reason when a page's address cannot be read", async () => {
    renderBuilder({ findImages: () => failure(400, 'fetch_address_refused', { field: 'url' }) });
    fireEvent.change(await screen.findByLabelText('Website address'), {
      target: { value: 'http://10.0.0.1/' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Find images' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link points to a private or reserved address, so we cannot open it.',
    );
  });
});
