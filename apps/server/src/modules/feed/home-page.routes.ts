import { DEFAULT_PAGE_SIZE } from '@pinboard/shared';
import type { FastifyInstance } from 'fastify';
import { lazyChunkFiles } from '../../plugins/vite-manifest.ts';
import {
  preparePage,
  sendWebApp,
  sendWebAppPage,
  wantsWebApp,
  withAdditions,
  type PreparedPage,
} from '../../plugins/web-app.ts';
import { sendRenderedPage } from '../../plugins/web-pages.ts';
import { HOME_ROUTE_SOURCE, homePageAdditions } from './home-page-html.ts';
import type { SignedOutFeed, SignedOutFeedPage } from './signed-out-feed.ts';
import type { Promoted } from '../promoted/promoted.ts';
import { ok } from '../../lib/envelope.ts';
import { headTags } from '../../plugins/web-pages.ts';

/**
 * The home page for a signed-out visitor comes with its first feed page and the preloads
 * that page implies (see homePageAdditions), so the feed is drawn a few round trips sooner.
 * A signed-in viewer gets plain index.html: their feed is theirs, not the public one.
 * Registered only when the server serves the web app (registerWebApp ran first).
 */
export function registerHomePage(
  app: FastifyInstance,
  { feed, promoted }: { feed: SignedOutFeed; promoted: Promoted },
): void {
  if (!app.hasDecorator('webAppIndexHtml')) return;
  const indexHtml = app.webAppIndexHtmlInlineStyles;
  const chunk = app.webAppManifest && lazyChunkFiles(app.webAppManifest, HOME_ROUTE_SOURCE);
  // The home page's description, canonical address, link-preview tags and JSON-LD (WebSite).
  const head = app.webAppRenderer
    ? headTags(app.webAppRenderer.staticPageHead('/', app.webAppOrigin), 'Pinboard')
    : '';
  // One page of HTML per cached feed page: built, hashed and compressed once, dropped with the page.
  const pages = new WeakMap<SignedOutFeedPage, PreparedPage>();

  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    // Anything but a page view (an API client, a HEAD without Accept) gets what it got before.
    if (!wantsWebApp(request)) return reply.callNotFound();
    // Whether the page carries the public feed depends on the session cookie.
    reply.header('vary', 'cookie');
    if (indexHtml === null) return sendWebApp(reply);
    // A signed-in viewer's feed is theirs: their page is rendered like any other.
    if (request.viewer.userId !== null) return sendRenderedPage(request, reply);

    const page = await feed.page({ pageSize: DEFAULT_PAGE_SIZE, bookmark: undefined });
    // Promoted pins carry this visitor's own tokens (decision 56): such a page is theirs alone.
    const items = await promoted.place(request, null, page.pins);
    if (items !== page.pins) {
      const json = JSON.stringify(ok(items, page.bookmark));
      const additions = homePageAdditions({ json, pins: items, pageSize: DEFAULT_PAGE_SIZE }, chunk);
      const own = preparePage(
        withAdditions(indexHtml, { ...additions, head: `${head}\n    ${additions.head}` }),
      );
      return sendWebAppPage(request, reply, own);
    }
    let html = pages.get(page);
    if (!html) {
      const additions = homePageAdditions(
        { json: page.body.text, pins: page.pins, pageSize: DEFAULT_PAGE_SIZE },
        chunk,
      );
      html = preparePage(withAdditions(indexHtml, { ...additions, head: `${head}\n    ${additions.head}` }));
      pages.set(page, html);
    }
    return sendWebAppPage(request, reply, html);
  });
}
