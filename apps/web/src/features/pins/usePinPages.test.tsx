// @vitest-environment jsdom
import type { Pin } from '@pinboard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/endpoints.ts';
import { buildPin } from '../../test/pins.ts';
import { usePinPages } from './usePinPages.ts';

function page(pins: Pin[], bookmark: string | null): Response {
  return new Response(JSON.stringify({ resource_response: { status: 'success', data: pins, bookmark } }));
}

function renderPinPages(...responses: Response[]) {
  const fetch = vi.fn<typeof globalThis.fetch>();
  for (const response of responses) fetch.mockResolvedValueOnce(response);
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () =>
      usePinPages(
        ['users', 'maya', 'pins'],
        (page, signal) =>
          api.listUserPins(
            { params: { username: 'maya' }, query: { filter: 'created', ...page } },
            { signal },
          ),
        { pageSize: 10 },
      ),
    { wrapper },
  );
  return { fetch, hook };
}

afterEach(() => vi.unstubAllGlobals());

describe('usePinPages', () => {
  it('loads pages by bookmark, each pin once, until the bookmark is null', async () => {
    const { fetch, hook } = renderPinPages(
      page([buildPin({ id: '1' }), buildPin({ id: '2' })], 'next'),
      page([buildPin({ id: '2' }), buildPin({ id: '3' })], null),
    );

    await waitFor(() => expect(hook.result.current.status).toBe('success'));
    expect(hook.result.current.hasMore).toBe(true);
    expect(fetch.mock.calls[0]![0]).toBe('/v3/users/maya/pins/?filter=created&page_size=10');

    act(() => hook.result.current.fetchMore());
    await waitFor(() => expect(hook.result.current.pins.map((pin) => pin.id)).toEqual(['1', '2', '3']));
    expect(fetch.mock.calls[1]![0]).toBe('/v3/users/maya/pins/?filter=created&page_size=10&bookmark=next');
    expect(hook.result.current.hasMore).toBe(false);

    // At the end, asking for more asks nothing.
    act(() => hook.result.current.fetchMore());
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('asks for one next page at a time', async () => {
    const { fetch, hook } = renderPinPages(page([buildPin({ id: '1' })], 'next'), page([], null));
    await waitFor(() => expect(hook.result.current.status).toBe('success'));

    act(() => {
      hook.result.current.fetchMore();
    });
    act(() => hook.result.current.fetchMore());
    await waitFor(() => expect(hook.result.current.hasMore).toBe(false));

    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
