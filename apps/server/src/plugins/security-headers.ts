import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface SecurityHeadersOptions {
  /** The address people use: an https one turns on Strict-Transport-Security. */
  publicUrl: string;
  /** Where media is served when it is not this server (a bucket or CDN origin); images and video may come from it. */
  mediaOrigin?: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The Content-Security-Policy of a web app page, allowing its inline code by nonce or by hash. */
    webPagePolicy: (inline: InlineCode) => string;
    /** The headers every answer to a URL starts with, for answers written to the socket by hand. */
    securityHeaders: (url: string | undefined) => Record<string, string>;
  }
}

/**
 * Every answer's policy unless its route sets one: JSON, media, assets and redirects load
 * nothing and may not be framed, so nothing they contain can run as a page or be clickjacked.
 */
export const NOTHING_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The development stand-ins' own pages (`/__dev/…`): server-written forms with an inline
 * stylesheet and no script of ours. `script-src 'self'` is there for oidc-provider, which adds
 * the hash of each inline script it writes (its form_post page) to this header.
 */
export const DEV_PAGES_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/**
 * Browser features no page of ours uses are off for them and anything they could embed;
 * the backup codes' copy button writes the clipboard, a video may go full screen.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'bluetooth=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'clipboard-write=(self)',
  'fullscreen=(self)',
].join(', ');

/**
 * Pages that live in a popup whose opener must stay reachable: the sign-in popups post their
 * result to `window.opener` after a trip through the provider (or the development provider),
 * and the bookmarklet's pin-create popup, opened by another site, knows it is a popup by its
 * opener. A Cross-Origin-Opener-Policy other than `unsafe-none` on any page of that trip would
 * put the popup in a browsing context group of its own and cut it from its opener.
 */
const OPENER_KEPT_PREFIXES = ['/connect/', '/sso/', '/__dev/idp/', '/pin/create/'];

/** A year, without subdomains: the operator's other hosts are not this server's to decide. */
const HSTS = 'max-age=31536000';

/**
 * How a page's inline `<script>` and `<style>` elements are allowed: each carries this
 * response's nonce, or (a page whose bytes many responses share) each one's hash is listed.
 */
export type InlineCode =
  | { nonce: string }
  | {
      scriptHashes: string[];
      styleHashes: string[];
      /** Hashes of the `style` attributes of server-rendered markup (allowed with `'unsafe-hashes'`). */
      styleAttributeHashes?: string[];
    };

/** A fresh nonce for one response's inline `<script>` and `<style>` elements. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The web app's policy (index.html and the pages built from it). Scripts and stylesheets come
 * from this origin or are the page's own inline code (by nonce or hash); nothing else inline, no plugin, no
 * `<base>`, no framing. Images may come from anywhere on the web: the pin-create popup and the
 * Pin Builder show the pictures of the page being saved, wherever they are, before anything is
 * stored. Everything the app asks for by script is on this origin.
 */
export function webPagePolicy(options: SecurityHeadersOptions, inline: InlineCode): string {
  const https = options.publicUrl.startsWith('https://');
  const media = options.mediaOrigin ? ` ${options.mediaOrigin}` : '';
  const [scripts, styles] =
    'nonce' in inline
      ? [[`'nonce-${inline.nonce}'`], [`'nonce-${inline.nonce}'`]]
      : [
          inline.scriptHashes,
          inline.styleAttributeHashes?.length
            ? [...inline.styleHashes, "'unsafe-hashes'", ...inline.styleAttributeHashes]
            : inline.styleHashes,
        ];
  return [
    "default-src 'none'",
    ["script-src 'self'", ...scripts].join(' '),
    ["style-src 'self'", ...styles].join(' '),
    // An http site's pictures too while the app itself is on http (development, tests); on an
    // https site the browser upgrades them first.
    `img-src 'self' data: blob: https:${https ? '' : ' http:'}${media}`,
    `media-src 'self' blob:${media}`,
    "connect-src 'self'",
    "font-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

function startsWithAny(pathname: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => pathname.startsWith(prefix) || pathname === prefix.slice(0, -1));
}

/** The headers every answer to `url` starts with. */
function securityHeadersFor(url: string | undefined, hsts: string | null): Record<string, string> {
  const pathname = (url ?? '/').split('?', 1)[0]!;
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': startsWithAny(pathname, OPENER_KEPT_PREFIXES)
      ? 'unsafe-none'
      : 'same-origin-allow-popups',
    'content-security-policy': pathname.startsWith('/__dev/') ? DEV_PAGES_POLICY : NOTHING_POLICY,
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  };
}

function setSecurityHeaders(res: ServerResponse, url: string | undefined, hsts: string | null): void {
  for (const [name, value] of Object.entries(securityHeadersFor(url, hsts))) res.setHeader(name, value);
}

/**
 * Security headers on every answer, including 404s, errors, media, assets and the replies
 * handed over to oidc-provider. They are set on the raw response when the request arrives, so
 * a route that sets its own (a page's nonce policy, a popup's hash policy, `no-referrer` on the
 * popups and the offsite hop) replaces them for its answer, and an answer Fastify never sends
 * itself still carries them. Call it directly on the root instance, before the routes.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): void {
  const hsts = options.publicUrl.startsWith('https://') ? HSTS : null;
  app.decorate('webPagePolicy', (inline: InlineCode) => webPagePolicy(options, inline));
  app.decorate('securityHeaders', (url: string | undefined) => securityHeadersFor(url, hsts));
  // On the socket, before Fastify's own listener: answers Fastify gives before any hook (a URL
  // it cannot decode, a parameter too long) carry them too.
  app.server.prependListener('request', (req: IncomingMessage, res: ServerResponse) =>
    setSecurityHeaders(res, req.url, hsts),
  );
  // The same for injected requests (tests), which never pass through the socket.
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(reply.raw, request.url, hsts);
    done();
  });
}
