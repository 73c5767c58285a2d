import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { compressibleBody, sendCompressible, type CompressibleBody } from '../lib/compressed-body.ts';
import { inlineCodeHashes } from '../lib/inline-code-hashes.ts';
import { createNonce } from './security-headers.ts';
import { readViteManifest, type ViteManifest } from './vite-manifest.ts';
import { loadWebAppRenderer } from './web-pages.ts';

export interface WebAppOptions {
  /** The Vite build output (apps/web/dist): index.html and assets/. */
  distDir: string;
  /** The site's public origin (`PUBLIC_URL`): server-rendered pages' canonical and image addresses. */
  publicUrl: string;
  /**
   * Whether Google sign-in works here, and so the one-tap card may show (default true). Without it
   * every page says from its first paint that the card is away (`data-one-tap-away` on `<html>`),
   * so no page keeps a column for it (decision 82) only to give it back once the card's code asks.
   */
  oneTap?: boolean;
}

/** Paths the API and the server's own tools answer; a miss there is an API 404, never the web app. */
export const NON_WEB_PREFIXES = ['/v3/', '/vx/', '/ads/', '/media/', '/__dev/', '/assets/'] as const;

const ASSETS_PREFIX = '/assets/';

const NOT_BUILT_PAGE = [
  'Pinboard: the web app has not been built.',
  '',
  'Run `npm run build` (or `npm start`, which builds it when needed), then restart the server.',
  '',
].join('\n');

declare module 'fastify' {
  interface FastifyInstance {
    /** index.html as read at startup; null when the build is missing. */
    webAppIndexHtml: string | null;
    /** The build's Vite manifest, for preloading a route's lazy chunks; null when absent. */
    webAppManifest: ViteManifest | null;
    /** index.html with its stylesheets inlined (see `inlineStylesheets`); null when the build is missing. */
    webAppIndexHtmlInlineStyles: string | null;
    /** The origin of `PUBLIC_URL`, for the absolute addresses of server-rendered pages. */
    webAppOrigin: string;
  }
}

/** Markup a page adds to index.html: in its head and at the end of its body, and inside #root. */
export interface PageAdditions {
  /**
   * Preloads of what the first paint shows (its largest image), first in the head: over HTTP/1.1
   * a browser opens six connections to a host and hands them out in the order it finds requests
   * of one priority, so a preload after the app's script and chunks waits a round trip for one.
   */
  preloads?: string;
  /** At the end of the head. */
  head: string;
  body: string;
  /** What the page shows before the app has loaded; the app replaces it when it first renders. */
  root?: string;
}

const EMPTY_ROOT = '<div id="root"></div>';

async function readIndexHtml(distDir: string): Promise<string | null> {
  try {
    return await readFile(path.join(distDir, 'index.html'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]* href="\/(assets\/[^"]+\.css)">/g;

/**
 * index.html with each stylesheet's text in a `<style>` element in place of its link, for a
 * page that should paint before any other request returns (the home page's first row): a
 * linked stylesheet blocks the first paint until it arrives, and on a slow link it shares the
 * bandwidth with the app's script. The build keeps all CSS in one file (vite.config.ts), so no
 * route's code asks for a stylesheet of its own later.
 */
async function inlineStylesheets(indexHtml: string, distDir: string): Promise<string> {
  let html = indexHtml;
  for (const [link, file] of indexHtml.matchAll(STYLESHEET_LINK)) {
    const css = await readFile(path.join(distDir, file!), 'utf8');
    // `</style` would end the element early; `<\/` means the same in CSS.
    html = html.replace(link, () => `<style>${css.replaceAll('</style', '<\\/style')}</style>`);
  }
  return html;
}

async function isDirectory(dir: string): Promise<boolean> {
  return stat(dir).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
}

/**
 * Serves the web app's hashed assets and keeps index.html in memory for `sendWebApp`.
 * Call it directly on the root instance (`await registerWebApp(app, opts)`), not through
 * `app.register`, so the not-found handler can see what it decorates.
 */
export async function registerWebApp(app: FastifyInstance, opts: WebAppOptions): Promise<void> {
  const distDir = path.resolve(opts.distDir);
  // Read once: index.html only changes with a new build, which comes with a restart.
  const read = await readIndexHtml(distDir);
  const indexHtml =
    opts.oneTap === false ? (read?.replace(/<html\b/, '<html data-one-tap-away') ?? null) : read;
  app.decorate('webAppIndexHtml', indexHtml);
  app.decorate('webAppManifest', await readViteManifest(distDir));
  app.decorate('webAppIndexHtmlInlineStyles', indexHtml && (await inlineStylesheets(indexHtml, distDir)));
  app.decorate('webAppOrigin', new URL(opts.publicUrl).origin);
  app.decorate('webAppRenderer', indexHtml === null ? null : await loadWebAppRenderer(distDir));
  if (indexHtml === null) {
    app.log.warn({ distDir }, 'web app build missing: web routes answer 503 until `npm run build`');
  }

  const assetsDir = path.join(distDir, 'assets');
  if (!(await isDirectory(assetsDir))) return;
  // Its own scope and no reply decorator: the media files use another @fastify/static at /media/.
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: assetsDir,
      prefix: ASSETS_PREFIX,
      decorateReply: false,
      index: false,
      // Vite puts a content hash in every asset name, so a name never changes meaning.
      immutable: true,
      // The build writes .br and .gz beside each asset (vite.config.ts); send those when accepted.
      preCompressed: true,
      maxAge: '365d',
    });
  });
}

/**
 * Whether a request that matched no route should get the web app (a page view, not an API or
 * asset call). Any `Accept` will do, `*\/*` or none included: link-preview bots and crawlers send those.
 */
export function wantsWebApp(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?', 1)[0]!;
  return !NON_WEB_PREFIXES.some((prefix) => pathname.startsWith(prefix) || pathname === prefix.slice(0, -1));
}

/** index.html with a page's additions; each goes before the closing tag it belongs in. */
export function withAdditions(indexHtml: string, additions: PageAdditions): string {
  // Functions as replacements, so a `$` in the additions is never read as a pattern.
  return indexHtml
    .replace('</title>', () => (additions.preloads ? `</title>\n    ${additions.preloads}` : '</title>'))
    .replace('</head>', () => `  ${additions.head}\n  </head>`)
    .replace(EMPTY_ROOT, () => `<div id="root">${additions.root ?? ''}</div>`)
    .replace('</body>', () => `  ${additions.body}\n  </body>`);
}

/**
 * A page's HTML for one response: every `<script>` and `<style>` element carries this
 * response's nonce, and the Content-Security-Policy (when registerSecurityHeaders ran) allows
 * inline code with that nonce only. The server writes every such element itself, and none of
 * the text it inlines can start one.
 */
function withNonce(reply: FastifyReply, html: string): string {
  const nonce = createNonce();
  if (reply.server.hasDecorator('webPagePolicy')) {
    reply.header('content-security-policy', reply.server.webPagePolicy({ nonce }));
  }
  return html.replace(/<(script|style)(?=[\s>])/g, `<$1 nonce="${nonce}"`);
}

/** A page sent many times as the same bytes, with the hashes of its inline code (see `preparePage`). */
export interface PreparedPage {
  body: CompressibleBody;
  scriptHashes: string[];
  styleHashes: string[];
}

/**
 * A page whose HTML is shared by many responses (the signed-out home page, kept with its
 * cached feed page): its policy allows its inline code by hash instead of a nonce, so the one
 * compressed copy serves every visitor, where a nonce would make each response's bytes its
 * own and cost a compression each.
 */
export function preparePage(html: string): PreparedPage {
  return { body: compressibleBody(html), ...inlineCodeHashes(html) };
}

/**
 * Answers a page view with a variant of index.html prepared for it (see `withAdditions` and
 * `preparePage`), compressed when the browser accepts it: unlike index.html, such a page can be
 * tens of KB.
 */
export function sendWebAppPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PreparedPage,
): FastifyReply {
  reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
  if (reply.server.hasDecorator('webPagePolicy')) {
    reply.header(
      'content-security-policy',
      reply.server.webPagePolicy({ scriptHashes: page.scriptHashes, styleHashes: page.styleHashes }),
    );
  }
  return sendCompressible(request, reply, page.body);
}

/**
 * Answers with index.html, which routes in the browser. `statusCode` lets a caller that knows
 * the path is no page (a route catalogue miss) answer 404 while still showing the app's 404 page.
 */
export function sendWebApp(reply: FastifyReply, statusCode = 200): FastifyReply {
  if (!reply.server.hasDecorator('webAppIndexHtml')) {
    throw new Error('sendWebApp needs registerWebApp(app, opts) called on the root instance first');
  }
  const html = reply.server.webAppIndexHtml;
  if (html === null) {
    return reply
      .code(503)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(NOT_BUILT_PAGE);
  }
  // no-cache: the browser revalidates, so a new deploy's asset names are picked up at once.
  return reply
    .code(statusCode)
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(withNonce(reply, html));
}
