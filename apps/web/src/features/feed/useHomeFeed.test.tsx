// @vitest-environment jsdom
import '../../i18n.ts';
import type { Pin } from '@pinboard/shared';
import { HOME_FEED_SCRIPT_ID } from '@pinboard/shared/inlined-data';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HomePage } from '../../routes/HomePage.tsx';
import { stubApi, success } from '../../test/apiStub.ts';
import { buildPin } from '../../test/pins.ts';
import { prefetchHomeFeed } from './useHomeFeed.ts';

// What the server writes for a signed-out `/`: the envelope, every `<` escaped as \u003c.
function inlineFeedPage(pins: Pin[], pageSize = 25) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = HOME_FEED_SCRIPT_ID;
  script.dataset.pageSize = String(pageSize);
  script.textContent = JSON.stringify({
    resource_response: { status: 'success', data: pins, bookmark: null },
  }).replace(/</g, '\\u003c');
  document.body.append(script);
}

async function renderHomeAfterLoader() {
  const fetch = stubApi({ listHomeFeed: () => success([buildPin({ id: '9' })]) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  // What the home route's loader does before the page renders.
  await prefetchHomeFeed(client);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

const feedCalls = (fetch: Awaited<ReturnType<typeof renderHomeAfterLoader>>) =>
  fetch.mock.calls.map((call) => String(call[0])).filter((url) => url.startsWith('/v3/feeds/home/'));

afterEach(() => {
  cleanup();
  document.getElementById(HOME_FEED_SCRIPT_ID)?.remove();
  vi.unstubAllGlobals();
});

describe('the home feed with a page inlined in the HTML', () => {
  it('shows the inlined page without asking the API, and takes it only once', async () => {
    inlineFeedPage([buildPin({ id: '1', title: '</script> is just text' }), buildPin({ id: '2' })]);

    const fetch = await renderHomeAfterLoader();

    const feed = await screen.findByRole('feed', { name: 'Home feed' });
    expect(within(feed).getAllByRole('article')).toHaveLength(2);
    expect(within(feed).getByText('</script> is just text')).toBeTruthy();
    // The page reads the viewer too (its tabs); the feed is not asked.
    expect(feedCalls(fetch)).toEqual([]);
    expect(document.getElementById(HOME_FEED_SCRIPT_ID)).toBeNull();
  });

  it('asks the API when the page was inlined for another page size', async () => {
    inlineFeedPage([buildPin({ id: '1' })], 50);

    const fetch = await renderHomeAfterLoader();

    const feed = await screen.findByRole('feed', { name: 'Home feed' });
    expect(within(feed).getAllByRole('article')).toHaveLength(1);
    expect(feedCalls(fetch)).toEqual(['/v3/feeds/home/?page_size=25']);
  });
});
