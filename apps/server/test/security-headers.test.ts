import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { Parser } from 'htmlparser2';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTHING_POLICY, webPagePolicy } from '../src/plugins/security-headers.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { HTML_ACCEPT, writeStandInWebBuild } from './helpers/web-build.ts';

const HTML = { accept: HTML_ACCEPT };

let tmp: string;
let t: TestApp;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'security-headers-test-'));
  t = await createTestApp({ webDistDir: await writeStandInWebBuild(tmp) });
  const pinner = await t.make.user();
  const board = await t.make.board(pinner.id);
  await t.make.pin(pinner.id, board.id, { title: '</script><script>alert(1)</script><style>' });
});

afterAll(async () => {
  await t?.close();
  await rm(tmp, { recursive: true, force: true });
});

/** Each directive of a Content-Security-Policy header, by name. */
function directives(policy: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(policy ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/** The `<script>` and `<style>` elements of a page, with their attributes and text, as a browser's parser finds them. */
function inlineElements(html: string): { name: string; attribs: Record<string, string>; text: string }[] {
  const found: { name: string; attribs: Record<string, string>; text: string }[] = [];
  let open: { name: string; attribs: Record<string, string>; text: string } | null = null;
  const parser = new Parser({
    onopentag(name, attribs) {
      if (name === 'script' || name === 'style') found.push((open = { name, attribs, text: '' }));
    },
    ontext(text) {
      if (open) open.text += text;
    },
    onclosetag() {
      open = null;
    },
  });
  parser.write(html);
  parser.end();
  return found;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The directives every web app page has, whatever allows its inline code. */
function expectWebPagePolicy(response: LightMyRequestResponse) {
  expectCommonHeaders(response);
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const policy = directives(response.headers['content-security-policy']);
  expect(policy.get('default-src')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'none'"]);
  expect(policy.get('form-action')).toEqual(["'self'"]);
  expect(policy.get('connect-src')).toEqual(["'self'"]);
  expect(policy.get('img-src')).toContain("'self'");
  expect(policy.get('style-src') ?? []).not.toContain("'unsafe-inline'");
  // No style attribute either: the policy lets none in.
  expect(bodyOf(response)).not.toMatch(/\sstyle=/);
  return policy;
}

function bodyOf(response: LightMyRequestResponse): string {
  return response.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(response.rawPayload).toString('utf8')
    : response.body;
}

/** The headers every answer carries, whatever it is. */
function expectCommonHeaders(response: LightMyRequestResponse) {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['permissions-policy']).toMatch(/(^|, )camera=\(\)/);
  expect(response.headers['permissions-policy']).toMatch(/(^|, )microphone=\(\)/);
  expect(response.headers['permissions-policy']).toMatch(/(^|, )geolocation=\(\)/);
  expect(response.headers['permissions-policy']).toMatch(/(^|, )payment=\(\)/);
  const policy = directives(response.headers['content-security-policy']);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('script-src') ?? []).not.toContain("'unsafe-inline'");
  // Without http(s) PUBLIC_URL of https, no HSTS (see the https app below).
  expect(response.headers['strict-transport-security']).toBeUndefined();
}

describe('web app pages', () => {
  const pages = [
    ['a catalogued page', '/search/pins/?q=lamp', 200, false],
    ['an unknown page (the app shows its 404)', '/no/such/page/here', 404, false],
    ['the pin-create popup', '/pin/create/button/?url=https://shop.example/', 200, false],
    ["a signed-in viewer's home page", '/', 200, true],
  ] as const;

  it.each(pages)(
    '%s has a strict nonce policy that every inline element carries',
    async (_name, url, status, signedIn) => {
      const cookie = signedIn ? { cookie: await t.make.sessionCookie((await t.make.user()).id) } : {};
      const response = await t.app.inject({ url, headers: { ...HTML, ...cookie } });
      expect(response.statusCode).toBe(status);
      const policy = expectWebPagePolicy(response);
      const nonce = /^'nonce-([A-Za-z0-9+/]{22}==)'$/.exec(policy.get('script-src')?.[1] ?? '')?.[1];
      expect(nonce).toBeDefined();
      expect(policy.get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(policy.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);

      const elements = inlineElements(response.body);
      expect(elements.filter((element) => element.name === 'script').length).toBeGreaterThan(0);
      for (const element of elements) expect(element.attribs.nonce, element.name).toBe(nonce);
    },
  );

  it('gives each response a nonce of its own', async () => {
    const nonces = new Set<string>();
    for (const url of ['/search/pins/?q=lamp', '/search/pins/?q=lamp', '/no/such/page/', '/no/such/page/']) {
      const response = await t.app.inject({ url, headers: HTML });
      const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))![1]!;
      expect(inlineElements(response.body)[0]!.attribs.nonce).toBe(nonce);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(4);
  });

  it('the signed-out home page, one copy for every visitor, allows exactly its inline styles by hash and runs no inline script', async () => {
    const first = await t.app.inject({ url: '/', headers: { ...HTML, 'accept-encoding': 'br' } });
    const second = await t.app.inject({ url: '/', headers: { ...HTML, 'accept-encoding': 'br' } });
    // The same bytes: compressed once for the cached feed page, not per response.
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const policy = expectWebPagePolicy(first);
    expect(policy.get('script-src')).toEqual(["'self'"]);

    const elements = inlineElements(bodyOf(first));
    const styles = elements.filter((element) => element.name === 'style');
    // The inlined stylesheet and the first row's.
    expect(styles).toHaveLength(2);
    expect(policy.get('style-src')).toEqual(["'self'", ...styles.map((style) => sha256(style.text))]);
    // Its scripts: index.html's module script (from 'self') and the first feed page's data,
    // which a browser never runs; no script without a source that would run.
    const scripts = elements.filter((element) => element.name === 'script');
    expect(scripts.map((script) => script.attribs.src ?? script.attribs.type)).toEqual([
      '/assets/index-e1.js',
      'application/json',
    ]);
    expect(bodyOf(first)).toContain('class="pv-card pv-c0"');
  });

  it('keeps the opener of the pin-create popup, and of no other page', async () => {
    const popup = await t.app.inject({ url: '/pin/create/button/', headers: HTML });
    expect(popup.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const home = await t.app.inject({ url: '/', headers: HTML });
    expect(home.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});

describe('answers that are not pages', () => {
  const answers: [string, InjectOptions, number][] = [
    ['an API answer', { url: '/v3/users/me/' }, 200],
    ['an API 404', { url: '/v3/no-such-thing/' }, 404],
    ['a validation error', { url: '/v3/pins/not-a-number/' }, 400],
    ['a refused write (no CSRF token)', { url: '/v3/boards/', method: 'POST', payload: {} }, 403],
    ['an asset', { url: '/assets/index-e1.js' }, 200],
    ['a missing asset', { url: '/assets/missing-0.js' }, 404],
    ['a missing media file', { url: '/media/ab/cd/missing.webp' }, 404],
    ['the health check', { url: '/healthz' }, 200],
  ];

  it.each(answers)('%s loads nothing and may not be framed', async (_name, request, status) => {
    const response = await t.app.inject(request);
    expect(response.statusCode).toBe(status);
    expectCommonHeaders(response);
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    const policy = directives(response.headers['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
  });

  it('an answer Fastify gives before any hook (a URL it cannot decode) gets them on a real socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    for (const url of ['/v3/pins/%zz/', `/v3/pins/${'9'.repeat(200)}/`, '/v3/users/me/']) {
      const response = await fetch(`http://127.0.0.1:${port}${url}`);
      expect(response.status, url).toBeLessThan(500);
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), url).toBe('DENY');
      expect(response.headers.get('content-security-policy'), url).toBe(NOTHING_POLICY);
    }
  });
});

describe('pages with a policy of their own', () => {
  it('the sign-in popup: its script by hash, no referrer, the opener kept', async () => {
    const response = await t.app.inject({
      url: '/connect/google/callback/?error=access_denied',
      headers: HTML,
    });
    expect(response.statusCode).toBe(200);
    expectCommonHeaders(response);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const policy = directives(response.headers['content-security-policy']);
    const elements = inlineElements(response.body);
    const scripts = elements.filter(
      (element) => element.name === 'script' && element.attribs.type !== 'application/json',
    );
    expect(scripts).toHaveLength(1);
    expect(policy.get('script-src')).toEqual([sha256(scripts[0]!.text)]);
    // Its stylesheet by hash too: no inline style but its own.
    const styles = elements.filter((element) => element.name === 'style');
    expect(policy.get('style-src')).toEqual(styles.map((style) => sha256(style.text)));
  });

  it('the SSO popup keeps its opener too', async () => {
    const response = await t.app.inject({ url: '/sso/callback/?code=c&state=s', headers: HTML });
    expectCommonHeaders(response);
    expect(response.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('the offsite explanation page: no script at all, no referrer', async () => {
    const response = await t.app.inject({
      url: '/offsite/?token=x&url=https://shop.example/',
      headers: HTML,
    });
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expectCommonHeaders(response);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const policy = directives(response.headers['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    const elements = inlineElements(response.body);
    expect(elements.filter((element) => element.name === 'script')).toHaveLength(0);
    expect(policy.get('style-src')).toEqual(
      elements.filter((element) => element.name === 'style').map((style) => sha256(style.text)),
    );
  });

  it('the development identity provider, answered by oidc-provider itself', async () => {
    const response = await t.app.inject({ url: '/__dev/idp/.well-known/openid-configuration' });
    expect(response.statusCode).toBe(200);
    expectCommonHeaders(response);
    expect(response.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const policy = directives(response.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
  });

  it('the development outbox page', async () => {
    const response = await t.app.inject({ url: '/__dev/outbox', headers: HTML });
    expect(response.statusCode).toBe(200);
    expectCommonHeaders(response);
    expect(directives(response.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
  });
});

describe('with an https PUBLIC_URL', () => {
  let https: TestApp;

  beforeAll(async () => {
    https = await createTestApp({
      db: t.db,
      env: { PUBLIC_URL: 'https://pinboard.example' },
      webDistDir: path.join(tmp, 'dist'),
    });
  });

  afterAll(async () => {
    await https?.close();
  });

  it.each(['/', '/v3/users/me/', '/v3/no-such-thing/'])(
    '%s carries Strict-Transport-Security',
    async (url) => {
      const response = await https.app.inject({ url, headers: HTML });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('pages upgrade http subresources and take images from https only', async () => {
    const response = await https.app.inject({ url: '/', headers: HTML });
    const policy = directives(response.headers['content-security-policy']);
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
    expect(policy.get('img-src')).not.toContain('http:');
  });
});

describe('with media in a bucket or behind a CDN', () => {
  it('pages take images and video from its origin', () => {
    const policy = directives(
      webPagePolicy(
        { publicUrl: 'https://pinboard.example', mediaOrigin: 'https://cdn.example.net' },
        { nonce: 'n0nce' },
      ),
    );
    expect(policy.get('img-src')).toContain('https://cdn.example.net');
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:', 'https://cdn.example.net']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
  });
});
