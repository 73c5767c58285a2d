// @vitest-environment jsdom
import '../i18n.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, stubApi, success } from '../test/apiStub.ts';
import { buildViewer, signedInViewer } from '../test/auth.tsx';
import { ToastProvider } from '../ui/ToastProvider.tsx';
import { buildPicker, buildPickerBoard } from '../features/saving/pickerFixtures.tsx';
import { INSTAGRAM_DISMISS_DELAY_MS, INSTAGRAM_UPSELL_KEY } from '../features/pinCreate/InstagramUpsell.tsx';
import { PinCreatePage } from './PinCreatePage.tsx';
import { SUCCESS_CLOSE_MS } from '../features/pinCreate/PinCreateSuccess.tsx';
import { ACCOUNT_SETTINGS } from '../test/settings.tsx';

const kitchen = buildPickerBoard({ id: '31', name: 'Kitchen' });
const home = buildPickerBoard({
  id: '32',
  name: 'Home',
  section_count: 1,
  sections: [{ id: '81', title: 'Lamps' }],
});
const created = { id: '900', board: { id: '31', name: 'Kitchen', url: '/ada/kitchen/' }, section: null };
const QUERY =
  '?url=https%3A%2F%2Fshop.example%2Flamp&media=https%3A%2F%2Fcdn.example%2Flamp.jpg&description=Copper%20lamp&color=%23AA3300&guid=g1';

function renderPage(path: string, answers: Parameters<typeof stubApi>[0]) {
  const fetch = stubApi({
    getBoardPicker: () => success(buildPicker([kitchen, home])),
    recordAuthEvents: () => success({ stored: 1 }),
    ...answers,
  });
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      { path: 'pin/create', Component: PinCreatePage },
      { path: 'pin/create/:method', Component: PinCreatePage },
      { path: 'pin/:id/repin/*', element: <p>Repin page</p> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { fetch, router };
}

const bodyOf = (fetch: ReturnType<typeof stubApi>, path: string) => {
  const call = fetch.mock.calls.find(([url]) => String(url).split('?')[0] === path);
  return call ? JSON.parse(String(call[1]!.body)) : undefined;
};

let closeWindow: ReturnType<typeof vi.fn>;
beforeEach(() => {
  closeWindow = vi.fn();
  vi.stubGlobal('close', closeWindow);
  window.innerWidth = 1024;
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// A picture whose address does not load showed as a broken image.
describe('PinCreatePage with a picture that does not load', () => {
  it('says so in words instead of a broken image', async () => {
    renderPage(`/pin/create/button/${QUERY}`, { getViewer: () => success(signedInViewer()) });
    const image = await screen.findByRole('img', { name: 'The image you are saving' });
    fireEvent.error(image);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This picture could not be loaded. Check its address, or save another picture.',
    );
    expect(screen.queryByRole('img', { name: 'The image you are saving' })).toBeNull();
  });
});

describe('PinCreatePage, signed in on desktop', () => {
  it('saves the given image to a board and shows the pin id, closing after 10 s', async () => {
    const { fetch } = renderPage(`/pin/create/button/${QUERY}`, {
      getViewer: () => success(signedInViewer()),
      createPin: () => success(created),
    });
    expect(await screen.findByRole('heading', { name: 'Choose board' })).toBeTruthy();
    expect((await screen.findByRole('img', { name: 'The image you are saving' })).getAttribute('src')).toBe(
      'https://cdn.example/lamp.jpg',
    );
    expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe(
      'Copper lamp',
    );

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(await screen.findByText('Kitchen'));

    expect(await screen.findByRole('heading', { name: 'Saved to Kitchen' })).toBeTruthy();
    expect(screen.getByTestId('pin-id').textContent).toBe('900');
    expect(screen.getByText('https://shop.example/lamp')).toBeTruthy();
    expect(bodyOf(fetch, '/v3/pins/')).toEqual({
      board_id: '31',
      section_id: null,
      description: 'Copper lamp',
      link: 'https://shop.example/lamp',
      method: 'button',
      image_url: 'https://cdn.example/lamp.jpg',
      color: '#aa3300',
      guid: 'g1',
    });
    await waitFor(() => expect(bodyOf(fetch, '/v3/events/')).toBeDefined());
    expect(bodyOf(fetch, '/v3/events/').events).toEqual([
      { name: 'pin_create_success', element: 'button:900' },
    ]);
    act(() => vi.advanceTimersByTime(SUCCESS_CLOSE_MS - 100));
    expect(closeWindow).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(closeWindow).toHaveBeenCalled();
  });

  it('goes on to the sections of a board that has some and titles the form "Add section"', async () => {
    const { fetch } = renderPage(`/pin/create/button/${QUERY}`, {
      getViewer: () => success(signedInViewer()),
      createPin: () =>
        success({
          ...created,
          board: { ...created.board, id: '32', name: 'Home' },
          section: { id: '81', title: 'Lamps' },
        }),
    });
    fireEvent.click(await screen.findByText('Home'));
    expect(screen.getByRole('heading', { name: 'Choose section' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Add section/ }));
    expect(screen.getByRole('heading', { name: 'Add section' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByText('Lamps'));
    expect(await screen.findByRole('heading', { name: 'Saved to Lamps in Home' })).toBeTruthy();
    expect(bodyOf(fetch, '/v3/pins/')).toMatchObject({ board_id: '32', section_id: '81' });
  });

  it('says what the server said when creating a board fails', async () => {
    renderPage(`/pin/create/button/${QUERY}`, {
      getViewer: () => success(signedInViewer()),
      createBoard: () => failure(400, 'x', { message: 'Nope.', messageDetail: 'Too many boards.' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /Create board/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Lamps' } });
    const create = screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    await waitFor(() => expect(create.disabled).toBe(false));
    fireEvent.click(create);
    expect((await screen.findByRole('alert')).textContent).toBe('Nope. Too many boards.');
  });

  it('without media, finds the page’s first pinnable image and registers it', async () => {
    const { fetch } = renderPage('/pin/create/?url=https%3A%2F%2Fshop.example%2Flamp', {
      getViewer: () => success(signedInViewer()),
      findImages: () =>
        success({
          url: 'https://shop.example/lamp',
          title: null,
          description: 'From the page',
          items: [{ type: 'pinnable', url: 'https://shop.example/og.jpg', width: null, height: null }],
        }),
      registerImage: () =>
        success({
          media_upload_id: '44',
          type: 'image',
          status: 'pending',
          images: null,
          dominant_color: null,
          video: null,
          error: null,
        }),
      createPin: () => success(created),
    });
    expect((await screen.findByRole('img', { name: 'The image you are saving' })).getAttribute('src')).toBe(
      'https://shop.example/og.jpg',
    );
    expect(bodyOf(fetch, '/v3/pins/image/')).toEqual({ image_url: 'https://shop.example/og.jpg' });
    fireEvent.click(await screen.findByText('Kitchen'));
    await screen.findByRole('heading', { name: 'Saved to Kitchen' });
    expect(bodyOf(fetch, '/v3/pins/')).toMatchObject({
      media_upload_id: '44',
      method: 'scraped',
      description: 'From the page',
    });
  });

  it('still renders when the image lookup fails', async () => {
    renderPage('/pin/create/?url=https%3A%2F%2Fshop.example%2Flamp', {
      getViewer: () => success(signedInViewer()),
      findImages: () => failure(400, 'link_unreachable'),
    });
    expect(await screen.findByText("We couldn't find an image to save on this page.")).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Choose board' })).toBeTruthy();
  });

  it('offers the Instagram claim once, its dismiss button after 2 s', async () => {
    const instagram =
      '/pin/create/button/?url=https%3A%2F%2Fwww.instagram.com%2Fp%2Fabc&media=https%3A%2F%2Fcdn.example%2Fa.jpg';
    const answers = {
      getViewer: () => success(signedInViewer()),
      getUserSettings: () =>
        success({
          ...ACCOUNT_SETTINGS,
          connected_to_instagram: false,
          listed_website_url: 'instagram.com/ada',
        }),
    };
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage(instagram, answers);
    expect(await screen.findByRole('dialog', { name: 'Claim your Instagram account' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Not now' })).toBeNull();
    act(() => vi.advanceTimersByTime(INSTAGRAM_DISMISS_DELAY_MS));
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.localStorage.getItem(INSTAGRAM_UPSELL_KEY)).not.toBeNull();

    cleanup();
    renderPage(instagram, answers);
    await screen.findByRole('heading', { name: 'Choose board' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('PinCreatePage, mobile layout', () => {
  beforeEach(() => {
    window.innerWidth = 600;
  });

  it('lists boards, turns the create button into "Create section", and leaves after a save', async () => {
    const { fetch } = renderPage(`/pin/create/button/${QUERY}`, {
      getViewer: () => success(signedInViewer()),
      createPin: () => success(created),
    });
    expect(await screen.findByRole('heading', { name: 'Choose board' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create board' }).getAttribute('href')).toBe('/board/create/');
    fireEvent.click(await screen.findByText('Home'));
    expect(screen.getByRole('heading', { name: 'Choose section' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create section' }).getAttribute('href')).toBe(
      '/board/32/create_section/',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(await screen.findByText('Kitchen'));
    expect(await screen.findByText('Saved to Kitchen')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See it now' }).getAttribute('href')).toBe('/pin/900/');
    expect(closeWindow).toHaveBeenCalled();
    expect(bodyOf(fetch, '/v3/pins/')).toMatchObject({ board_id: '31' });
  });

  it('keeps the desktop layout in the bookmarklet’s popup, narrow as it is', async () => {
    vi.stubGlobal('opener', {});
    renderPage(`/pin/create/button/${QUERY}`, { getViewer: () => success(signedInViewer()) });
    expect(await screen.findByRole('textbox', { name: 'Description' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create board' })).toBeNull();
  });

  it('shows the failure toast when the save fails', async () => {
    renderPage(`/pin/create/button/${QUERY}`, {
      getViewer: () => success(signedInViewer()),
      createPin: () => failure(500, 'internal'),
    });
    fireEvent.click(await screen.findByText('Kitchen'));
    expect(await screen.findByText('Sorry! Something went wrong on our end.')).toBeTruthy();
    expect(closeWindow).not.toHaveBeenCalled();
  });

  // Every refusal read 'Sorry! Something went wrong on our end.'
  it("says the server's reason when it refuses the picture", async () => {
    renderPage(`/pin/create/button/${QUERY}`, {
      getViewer: () => success(signedInViewer()),
      createPin: () => failure(400, 'fetch_address_refused', { field: 'url' }),
    });
    fireEvent.click(await screen.findByText('Kitchen'));
    expect(
      await screen.findByText('This link points to a private or reserved address, so we cannot open it.'),
    ).toBeTruthy();
  });

  it('sends a link to one of our own pins to its repin page, and a visitor home', async () => {
    const own = `/pin/create/?url=${encodeURIComponent(`${window.location.origin}/pin/123/`)}`;
    const first = renderPage(own, { getViewer: () => success(signedInViewer()) });
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/pin/123/repin/x/'));
    cleanup();
    const visitor = renderPage(`/pin/create/button/${QUERY}`, {
      getViewer: () => success(buildViewer()),
    });
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/'));
  });
});

describe('PinCreatePage, signed out on desktop', () => {
  it('shows the Pin Builder with the preview and the login panel coming back here', async () => {
    renderPage(`/pin/create/button/${QUERY}`, {
      getViewer: () => success(buildViewer()),
      getPasswordRules: () => success({}),
    });
    expect(await screen.findByRole('heading', { name: 'Pin Builder', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'The image you are saving' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Log in to Pinboard' })).toBeTruthy();
  });
});
