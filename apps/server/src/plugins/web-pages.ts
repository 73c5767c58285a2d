import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchWebRoute } from '@pinboard/shared';
import { compressibleBody, sendCompressible, type CompressibleBody } from '../lib/compressed-body.ts';
import { escapeHtml } from '../lib/escape-html.ts';
import { clearWithSignedOutAnswers, SIGNED_OUT_TTL_MS } from '../lib/signed-out-answers.ts';
import { createShortCache, type ShortCache } from '../lib/short-cache.ts';
import type { InlineCode } from './security-headers.ts';
import { inlineCodeHashes, styleAttributeHashes } from '../lib/inline-code-hashes.ts';
import { escapeJsonForScript } from '../modules/feed/home-page-html.ts';
import { QUERY_STATE_SCRIPT_ID } from '@pinboard/shared/inlined-data';
import { sendWebApp, withAdditions } from './web-app.ts';

/** What the web app's server entry (apps/web/src/entry-server.tsx) exports, as the server uses it. */
interface PageHead {
  status: number;
  description: string;
  canonical: string;
  ogType: string;
  ogTitle: string;
  image: { url: string; width: number | null; height: number | null; alt: string } | null;
  jsonLd: Record<string, unknown>[];
}
type RenderResult =
  | { kind: 'page'; status: number; html: string; state: string; head: PageHead }
  | { kind: 'redirect'; status: number; location: string };
export interface WebAppRenderer {
  render(options: {
    url: string;
    origin: string;
    fetch: (url: string, init: { method: string; headers: Record<string, string> }) => Promise<Response>;
  }): Promise<RenderResult>;
  staticPageHead(url: string, origin: string): PageHead;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether a page's person asked search engines to leave it out (modules/settings, decision 46). */
    pageHiddenFromSearchEngines?: (
      routeId: string,
      params: Record<string, string | undefined>,
    ) => Promise<boolean>;
    /** The web app's server renderer (dist/server/entry-server.js); null when not built. */
    webAppRenderer: WebAppRenderer | null;
  }
}

/** Loads the server build of the web app, when there is one beside the browser build. */
export async function loadWebAppRenderer(distDir: string): Promise<WebAppRenderer | null> {
  const entry = path.join(distDir, 'server', 'entry-server.js');
  const exists = await stat(entry).then(
    () => true,
    () => false,
  );
  if (!exists) return null;
  return (await import(pathToFileURL(entry).href)) as WebAppRenderer;
}

// The page's own request headers the in-process API calls keep: who is asking (cookies), from
// where (the country header and address) and in which language; not what the page view accepted.
const DROPPED_HEADERS = new Set([
  'accept',
  'accept-encoding',
  'content-length',
  'content-type',
  'if-none-match',
  'if-modified-since',
  'host',
  'connection',
]);

function apiHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (DROPPED_HEADERS.has(name) || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/**
 * The render's API calls, answered by this app's own handlers through `inject` as the viewer of
 * the page request (its cookies and address): the same validation, visibility rules, caches and
 * serializers as a browser's call, so the page can show nothing the API would not.
 */
function inProcessFetch(app: FastifyInstance, request: FastifyRequest) {
  const base = apiHeaders(request);
  return async (url: string, init: { method: string; headers: Record<string, string> }) => {
    const answer = await app.inject({
      method: init.method as 'GET',
      url,
      headers: { ...base, ...init.headers, host: request.headers.host ?? 'localhost' },
      remoteAddress: request.ip,
    });
    return new Response(answer.rawPayload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
}

const attr = escapeHtml;

/** The head's tags for a rendered page: description, canonical, Open Graph, Twitter card, JSON-LD. */
export function headTags(head: PageHead, title: string, noindex = false): string {
  const meta = (key: 'name' | 'property', name: string, content: string | number) =>
    `<meta ${key}="${name}" content="${attr(String(content))}" />`;
  const tags = [
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${attr(head.canonical)}" />`,
    meta('property', 'og:site_name', 'Pinboard'),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.ogTitle || title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.ogTitle || title),
    meta('name', 'twitter:description', head.description),
  ];
  if (head.status === 404 || noindex) tags.push(meta('name', 'robots', 'noindex'));
  if (head.image) {
    tags.push(meta('property', 'og:image', head.image.url), meta('property', 'og:image:alt', head.image.alt));
    if (head.image.width && head.image.height) {
      tags.push(
        meta('property', 'og:image:width', head.image.width),
        meta('property', 'og:image:height', head.image.height),
      );
    }
    tags.push(
      meta('name', 'twitter:image', head.image.url),
      meta('name', 'twitter:image:alt', head.image.alt),
    );
  }
  for (const data of head.jsonLd) {
    tags.push(`<script type="application/ld+json">${escapeJsonForScript(JSON.stringify(data))}</script>`);
  }
  return tags.join('\n    ');
}

// React writes a page's `<title>`, `<meta>` and preload `<link>`s (hoisted elements) first in
// its markup; they belong in the head, where the browser's React finds them again.
const LEADING_HOISTED = /^(?:<title>[^<]*<\/title>|<link [^>]*\/>|<meta [^>]*\/>)+/;
const TITLE = /<title>[^<]*<\/title>/;
// React's preloads (the page's largest image), which go first in the head (`PageAdditions.preloads`).
const PRELOAD_LINK = /<link rel="preload"[^>]*\/>/g;

/** A rendered page ready to send: status, body (compressed once per encoding) and its inline code's hashes. */
interface RenderedPage {
  status: number;
  body: CompressibleBody;
  policy: InlineCode;
}

/** The page's HTML: index.html with the app's markup in #root, the answers and the head's tags. */
function assemble(
  indexHtml: string,
  result: Extract<RenderResult, { kind: 'page' }>,
  noindex: boolean,
): RenderedPage {
  const hoisted = LEADING_HOISTED.exec(result.html)?.[0] ?? '';
  const markup = result.html.slice(hoisted.length);
  const title = TITLE.exec(hoisted)?.[0] ?? TITLE.exec(indexHtml)?.[0] ?? '<title>Pinboard</title>';
  const preloads = hoisted.match(PRELOAD_LINK) ?? [];
  const head = [
    hoisted.replace(TITLE, '').replace(PRELOAD_LINK, ''),
    headTags(result.head, title.slice('<title>'.length, -'</title>'.length), noindex),
    `<script type="application/json" id="${QUERY_STATE_SCRIPT_ID}">${escapeJsonForScript(result.state)}</script>`,
  ]
    .filter(Boolean)
    .join('\n    ');
  const html = withAdditions(
    indexHtml.replace(TITLE, () => title),
    { preloads: preloads.join('\n    '), head, body: '', root: markup },
  );
  return {
    status: result.head.status,
    body: compressibleBody(html),
    policy: { ...inlineCodeHashes(html), styleAttributeHashes: styleAttributeHashes(markup) },
  };
}

/**
 * The pages rendered on the server: the public ones, whose content a link preview or a search
 * engine should see (and the home page of a signed-in viewer, whose route calls this itself),
 * and any path that is no page (the not-found page, 404). The sign-in, settings and creating
 * pages read the browser's own state (cookies, storage) as they render and say nothing to a
 * crawler: they stay `index.html`, drawn in the browser.
 */
const SERVER_RENDERED_ROUTES = new Set([
  'home',
  'pin',
  'profile',
  'profileCreated',
  'board',
  'section',
  'searchPins',
  'searchBoards',
  'searchUsers',
  'ideas',
  'ideasInterest',
  'topics',
  'today',
  'todayTrending',
  'todayPopular',
  'todayBest',
  'todayArticle',
  'policy',
]);

/** Whether a page view of `pathname` is rendered on the server (see SERVER_RENDERED_ROUTES). */
export function rendersOnServer(pathname: string): boolean {
  const match = matchWebRoute(pathname);
  return match === null || SERVER_RENDERED_ROUTES.has(match.route.id);
}

/**
 * The public pages whose rendering for a visitor is kept for a second (decision 16's rule for
 * the API's answers): their answers depend only on the URL and the visitor's own `getViewer`
 * answer (country, consent), which is part of the key: every server-rendered page but the home
 * page (a visitor's has its own, modules/feed/home-page.routes.ts) and the policy pages. Pages
 * with sign-in forms are left out: they may carry per-visitor experiment groups.
 */
const VISITOR_CACHED_ROUTES = new Set(
  [...SERVER_RENDERED_ROUTES].filter((id) => id !== 'home' && id !== 'policy'),
);
const VISITOR_PAGES_KEPT = 500;

const visitorPagesOf = new WeakMap<FastifyInstance, ShortCache<RenderedPage | null>>();

function visitorPages(app: FastifyInstance): ShortCache<RenderedPage | null> {
  let cache = visitorPagesOf.get(app);
  if (!cache) {
    cache = createShortCache({ ttlMs: SIGNED_OUT_TTL_MS, maxEntries: VISITOR_PAGES_KEPT });
    clearWithSignedOutAnswers(cache);
    visitorPagesOf.set(app, cache);
  }
  return cache;
}

async function renderPage(
  request: FastifyRequest,
  renderer: WebAppRenderer,
  indexHtml: string,
): Promise<RenderedPage | { redirect: string; status: number }> {
  const app = request.server;
  const result = await renderer.render({
    url: request.url,
    origin: app.webAppOrigin,
    fetch: inProcessFetch(app, request),
  });
  if (result.kind === 'redirect') return { redirect: result.location, status: result.status };
  const match = result.head.status === 200 ? matchWebRoute(request.url.split('?', 1)[0]!) : null;
  const noindex =
    match !== null && (await app.pageHiddenFromSearchEngines?.(match.route.id, match.params)) === true;
  return assemble(indexHtml, result, noindex);
}

/**
 * Answers a page view with the page rendered on the server: the app's markup in `#root`, the
 * query cache it was drawn from as JSON for the browser's hydration, and the head's tags. Falls
 * back to the plain app when the server build is missing. A visitor's public page is kept for a
 * second under its URL and their `getViewer` answer; a signed-in viewer's is never kept.
 */
export async function sendRenderedPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const app = reply.server;
  // A visitor's page carries the stylesheet (as the home page does): on a first visit nothing is
  // cached, and a linked stylesheet holds the first paint a round trip after the HTML. A signed-in
  // viewer's browser has the stylesheet from an earlier visit.
  const indexHtml = request.viewer.userId === null ? app.webAppIndexHtmlInlineStyles : app.webAppIndexHtml;
  const renderer = app.hasDecorator('webAppRenderer') ? app.webAppRenderer : null;
  if (indexHtml === null || renderer === null) return sendWebApp(reply);

  const pathname = request.url.split('?', 1)[0]!;
  const route = matchWebRoute(pathname)?.route;
  let page: RenderedPage | { redirect: string; status: number };
  try {
    if (request.viewer.userId === null && route && VISITOR_CACHED_ROUTES.has(route.id)) {
      const viewer = await inProcessFetch(app, request)('/v3/users/me/', { method: 'GET', headers: {} });
      const key = `${request.url}\n${await viewer.text()}`;
      // Only pages are kept; a redirect (rare) is rendered each time.
      const kept = await visitorPages(app).get(key, async () => {
        const rendered = await renderPage(request, renderer, indexHtml);
        return 'redirect' in rendered ? null : rendered;
      });
      page = kept ?? (await renderPage(request, renderer, indexHtml));
    } else {
      page = await renderPage(request, renderer, indexHtml);
    }
  } catch (error) {
    // A page that cannot be drawn on the server is still the app: the browser draws it.
    request.log.error({ err: error }, 'server render failed: the page is sent for the browser to draw');
    return sendWebApp(reply, route ? 200 : 404);
  }
  if ('redirect' in page) return reply.redirect(page.redirect, page.status);

  reply
    .code(page.status)
    .header('cache-control', 'no-cache')
    .header('vary', 'cookie')
    .type('text/html; charset=utf-8');
  if (app.hasDecorator('webPagePolicy'))
    reply.header('content-security-policy', app.webPagePolicy(page.policy));
  return sendCompressible(request, reply, page.body);
}
