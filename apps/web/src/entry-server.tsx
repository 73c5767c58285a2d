import './zod-config.ts';
import './i18n.ts';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { UserProfile } from '@pinboard/shared';
import { dehydrate, QueryClient, QueryClientProvider, type Query } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { setApiTransport } from './api/client.ts';
import { endpointKey } from './api/endpoints.ts';
import { createQueryClient } from './api/query-client.ts';
import { DEFER_TO_BROWSER } from './api/useBookmarkedList.ts';
import { createRoutes } from './router.tsx';
import { pageHead, type PageHead } from './ssr/pageHead.ts';
import { renamedPath } from './features/profile/renamedUser.ts';

/** How the server answers the app's API calls while it renders one request: in-process, as that viewer. */
export type ApiFetch = (
  url: string,
  init: { method: string; headers: Record<string, string> },
) => Promise<Response>;

export interface RenderOptions {
  /** The page's path and query, as requested. */
  url: string;
  /** The site's public origin (`PUBLIC_URL`), for canonical and absolute image addresses. */
  origin: string;
  fetch: ApiFetch;
}

export type RenderResult =
  | { kind: 'page'; status: number; html: string; state: string; head: PageHead }
  | { kind: 'redirect'; status: number; location: string };

/**
 * Each render's calls go through its own transport: renders of different requests interleave
 * while they wait for data, and the one API client of the app is a module-level singleton.
 */
const transports = new AsyncLocalStorage<ApiFetch>();
setApiTransport((input, init) => {
  const fetch = transports.getStore();
  if (!fetch) throw new Error('an API call outside a server render');
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return fetch(url, {
    method: init?.method ?? 'GET',
    headers: { ...(init?.headers as Record<string, string> | undefined) },
  });
});

/**
 * A render reads each piece of data once; retrying is the browser's business. A failed query is
 * drawn as failed (`retryOnMount: false`): otherwise the next round would draw it as loading again,
 * and a page that answers a failure with more data (a board not found under a username its person
 * left asks for that profile) would never ask for it.
 */
function createServerQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({
    queries: { ...client.getDefaultOptions().queries, retry: false, retryOnMount: false },
  });
  return client;
}

/** Whether a query a component asked for should be fetched before the page is sent. */
function awaitingData(query: Query): boolean {
  if (query.state.status !== 'pending') return false;
  if (query.meta?.[DEFER_TO_BROWSER]) return false;
  const { enabled, queryFn } = query.options as { enabled?: unknown; queryFn?: unknown };
  const on = typeof enabled === 'function' ? (enabled as (q: Query) => boolean)(query) : enabled;
  return on !== false && typeof queryFn === 'function';
}

/**
 * Components ask for data while they render; each round renders the page, fetches what it asked
 * for (through the API's own handlers, so every visibility rule applies), and renders again with
 * the answers, until nothing new is asked (a section waits for its board: two rounds).
 */
const MAX_ROUNDS = 4;

/**
 * The head of a page that needs no answers (the home page, which the server draws its own way
 * for visitors: decision 17).
 */
export function staticPageHead(url: string, origin: string): PageHead {
  return pageHead(new URL(`${origin}${url}`), origin, new QueryClient());
}

/**
 * Where a page of a username its person left now is: the profile the page asked for under the
 * address's first segment (the profile page, or a board or section not found) names someone else.
 */
function renamedUserLocation(location: URL, queryClient: QueryClient): string | null {
  const first = decodeURIComponent(location.pathname.split('/')[1] ?? '');
  if (first === '') return null;
  const key = endpointKey('getUser', { params: { username: first.toLowerCase() } });
  const profile = queryClient.getQueryData<UserProfile>(key);
  const moved = profile ? renamedPath(location.pathname, first, profile.username) : null;
  return moved && `${moved}${location.search}`;
}

/**
 * The page at `url` as HTML, with the query cache it was drawn from (dehydrated JSON, for the
 * browser's `hydrate`), its status (404 when the page or its object is missing or hidden) and
 * what its head says.
 */
export async function render({ url, origin, fetch }: RenderOptions): Promise<RenderResult> {
  return transports.run(fetch, async () => {
    // Joined, not resolved: a path such as `//host/x` stays a path of this site.
    const location = new URL(`${origin}${url}`);
    const queryClient = createServerQueryClient();
    const handler = createStaticHandler(createRoutes(queryClient));
    const context = await handler.query(new Request(location));
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
    }
    const router = createStaticRouter(handler.dataRoutes, context);
    const app = (
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          {/* No hydration script: the browser's router resolves the same lazy routes before it hydrates. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>
      </StrictMode>
    );

    let html = renderToString(app);
    for (let round = 1; round < MAX_ROUNDS; round++) {
      const waiting = queryClient.getQueryCache().findAll({ predicate: awaitingData });
      if (waiting.length === 0) break;
      // A failed call is the page's own state to draw (not found, an error), as in the browser.
      await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
      html = renderToString(app);
    }

    // An address under a username its person left: 301 to the same page under the new one.
    const moved = renamedUserLocation(location, queryClient);
    if (moved) {
      queryClient.clear();
      return { kind: 'redirect', status: 301, location: moved };
    }

    const head = pageHead(location, origin, queryClient);
    // Only answers: a failure or a pending query is asked again by the browser, as without a server render.
    const state = JSON.stringify(dehydrate(queryClient));
    queryClient.clear();
    return { kind: 'page', status: head.status, html, state, head };
  });
}
