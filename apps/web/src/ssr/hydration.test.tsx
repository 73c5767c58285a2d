import { QUERY_STATE_SCRIPT_ID } from '@pinboard/shared/inlined-data';
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { setApiTransport } from '../api/client.ts';
import { createQueryClient } from '../api/query-client.ts';
import { render as renderOnServer } from '../entry-server.tsx';
import { createRoutes } from '../router.tsx';
import { buildViewer } from '../test/auth.tsx';
import { requestedUrls, stubApi, success } from '../test/apiStub.ts';
import { buildProfile } from '../test/boards.ts';
import { buildPin } from '../test/pins.ts';
import { hydrateServerState } from './hydrateServerState.ts';

let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const pin = buildPin({ id: '42', title: 'Moss on a wall', description: 'Green all year.' });

/** The page as the server sends it: its markup in #root, the answers beside it. */
async function serverRenderedDocument(url: string, fetch: typeof globalThis.fetch) {
  const page = await renderOnServer({
    url,
    origin: 'http://localhost',
    fetch: (input, init) => fetch(input, init),
  });
  // The server entry took over the API client's transport; from here on this is the browser.
  setApiTransport((input, init) => globalThis.fetch(input, init));
  if (page.kind !== 'page') throw new Error('expected a page');
  // As the server does: the hoisted title and preloads go into the head.
  const markup = page.html.replace(/^(?:<title>[^<]*<\/title>|<link [^>]*\/>|<meta [^>]*\/>)+/, (hoisted) => {
    document.head.innerHTML = hoisted;
    return '';
  });
  const state = document.createElement('script');
  state.type = 'application/json';
  state.id = QUERY_STATE_SCRIPT_ID;
  state.textContent = page.state;
  document.head.append(state);
  document.body.innerHTML = `<div id="root">${markup}</div>`;
  return page;
}

it('hydrates a server-rendered pin page without asking the API again or redrawing it', async () => {
  // The clock stands still: a loaded machine can take longer than the answers' 30 s freshness
  // between the server's render and the browser's, and that is not what this test is about.
  vi.useFakeTimers({ toFake: ['Date'] });
  const fetch = stubApi({
    getViewer: () => success(buildViewer()),
    getPin: () => success(pin),
    listRelatedPins: () => success([buildPin({ id: '43', title: 'Ivy' })]),
    getUser: () => success(buildProfile({ username: pin.pinner.username })),
    listPinComments: () => success({ comment_count: 0, comments: [] }),
  });
  const page = await serverRenderedDocument('/pin/42/', fetch);
  expect(page.status).toBe(200);
  expect(requestedUrls(fetch).length).toBeGreaterThan(0);
  const serverMarkup = document.getElementById('root')!.innerHTML;
  expect(serverMarkup).toContain('Moss on a wall');
  fetch.mockClear();

  // What main.tsx does, with a memory router in place of the browser's.
  const queryClient = createQueryClient();
  expect(hydrateServerState(queryClient, document)).toBe(true);
  expect(document.getElementById(QUERY_STATE_SCRIPT_ID)).toBeNull();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: ['/pin/42/'] });
  await vi.waitFor(() => expect(router.state.initialized).toBe(true));
  const recoverable = vi.fn();
  const heading = document.querySelector('h1');
  await act(async () => {
    root = hydrateRoot(
      document.getElementById('root')!,
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
      { onRecoverableError: recoverable },
    );
  });

  // The same elements, kept: no mismatch made React draw the page again.
  expect(recoverable).not.toHaveBeenCalled();
  expect(document.querySelector('h1')).toBe(heading);
  expect(heading?.textContent).toContain('Moss on a wall');
  // Only what the server left to the browser: 'More like this' and the comments, below the
  // closeup. (StrictMode's second mount may ask twice.)
  await vi.waitFor(() => expect(new Set(requestedUrls(fetch)).size).toBe(2));
  expect(new Set(requestedUrls(fetch))).toEqual(
    new Set(['/v3/pins/42/related/?page_size=25', '/v3/pins/42/comments/?page_size=25']),
  );
});

it('answers 404 for a pin the API hides, with the not-found page', async () => {
  const fetch = stubApi({ getViewer: () => success(buildViewer()) });
  const page = await serverRenderedDocument('/pin/77/', fetch);

  expect(page.status).toBe(404);
  expect(page.head.jsonLd).toHaveLength(1);
  expect(document.body.textContent).not.toContain('Pin 77');
});
