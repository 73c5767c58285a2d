import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error.ts';
import { safeFetch, type SafeFetchOptions } from '../src/lib/safe-fetch.ts';

/**
 * The SSRF rules of decision 26 against real sockets: a page server on 127.0.0.1 (allowlisted
 * by host:port for the cases that must reach it) and a second "inside" server on another port
 * that nothing may reach. No outside DNS: names are resolved by an injected resolver.
 */

let pages: http.Server;
let inside: http.Server;
let base = '';
let pageHost = '';
let insidePort = 0;
let insideHits = 0;

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

function answerPage(request: http.IncomingMessage, response: http.ServerResponse): void {
  const url = new URL(request.url ?? '/', base);
  const redirect = url.searchParams.get('to');
  if (url.pathname === '/ok')
    return void response.writeHead(200, { 'content-type': 'text/html' }).end('<p>hello</p>');
  if (url.pathname === '/redirect' && redirect)
    return void response.writeHead(302, { location: redirect }).end();
  const hops = /^\/chain\/(\d+)$/.exec(url.pathname);
  if (hops) {
    const left = Number(hops[1]);
    if (left === 0) return void response.writeHead(200, { 'content-type': 'text/plain' }).end('end');
    return void response.writeHead(301, { location: `/chain/${left - 1}` }).end();
  }
  if (url.pathname === '/gzip') {
    return void response
      .writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' })
      .end(zlib.gzipSync('unpacked'));
  }
  if (url.pathname === '/big') {
    // Streamed with no Content-Length: the reader must stop on its own count.
    response.writeHead(200, { 'content-type': 'application/octet-stream' });
    const chunk = Buffer.alloc(64 * 1024, 1);
    let sent = 0;
    const push = (): void => {
      while (sent <= 5 * 1024 * 1024) {
        sent += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', push);
      }
      response.end();
    };
    response.on('error', () => {});
    return push();
  }
  if (url.pathname === '/big-declared') {
    return void response.writeHead(200, { 'content-length': String(6 * 1024 * 1024) }).end();
  }
  if (url.pathname === '/hang') return; // never answers
  response.writeHead(404).end();
}

beforeAll(async () => {
  pages = http.createServer(answerPage);
  inside = http.createServer((_request, response) => {
    insideHits += 1;
    response.end('secret');
  });
  const port = await listen(pages);
  insidePort = await listen(inside);
  base = `http://127.0.0.1:${port}`;
  pageHost = `127.0.0.1:${port}`;
});

afterAll(async () => {
  pages.closeAllConnections();
  await Promise.all([pages, inside].map((server) => new Promise((resolve) => server.close(resolve))));
});

async function failureOf(url: string, options: Partial<SafeFetchOptions> = {}): Promise<string> {
  try {
    await safeFetch(url, { allowHosts: [pageHost], ...options });
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).code;
  }
  throw new Error(`${url} was fetched`);
}

describe('safeFetch', () => {
  it('reads an allowlisted local server, and follows up to 3 redirects', async () => {
    const page = await safeFetch(`${base}/ok`, { allowHosts: [pageHost], accept: 'text/html' });
    expect(page).toMatchObject({ url: `${base}/ok`, status: 200, contentType: 'text/html' });
    expect(page.body.toString()).toBe('<p>hello</p>');
    const chained = await safeFetch(`${base}/chain/3`, { allowHosts: [pageHost] });
    expect(chained.url).toBe(`${base}/chain/0`);
    expect((await safeFetch(`${base}/gzip`, { allowHosts: [pageHost] })).body.toString()).toBe('unpacked');
  });

  it.each([
    'http://127.0.0.1/',
    'http://localhost/',
    'http://0.0.0.0/',
    'http://[::]/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[2002:7f00:1::]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f000001/',
    'http://0x7f.0.0.1/',
    'http://127.1/',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
  ])('refuses %s', async (url) => {
    expect(await failureOf(url)).toBe('fetch_address_refused');
  });

  it('refuses the allowlisted host on another port, directly or by a redirect', async () => {
    expect(await failureOf(`http://127.0.0.1:${insidePort}/`)).toBe('fetch_address_refused');
    const toInside = encodeURIComponent(`http://127.0.0.1:${insidePort}/`);
    expect(await failureOf(`${base}/redirect?to=${toInside}`)).toBe('fetch_address_refused');
    const toMetadata = encodeURIComponent('http://169.254.169.254/latest/meta-data/');
    expect(await failureOf(`${base}/redirect?to=${toMetadata}`)).toBe('fetch_address_refused');
    expect(await failureOf(`${base}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`)).toBe(
      'fetch_bad_url',
    );
    expect(insideHits).toBe(0);
  });

  it('checks every resolved address at connect time, and connects to the one it checked', async () => {
    const resolveTo =
      (...addresses: string[]) =>
      async () =>
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    const inside = `http://pages.test:${insidePort}/`;
    expect(await failureOf(inside, { resolveHost: resolveTo('10.0.0.1') })).toBe('fetch_address_refused');
    expect(await failureOf(inside, { resolveHost: resolveTo('93.184.216.34', '127.0.0.1') })).toBe(
      'fetch_address_refused',
    );
    expect(await failureOf(inside, { resolveHost: resolveTo('::ffff:127.0.0.1') })).toBe(
      'fetch_address_refused',
    );
    expect(insideHits).toBe(0);
    // Allowlisted by name, the socket goes to the address the resolver gave.
    const page = await safeFetch(`http://pages.test:${base.split(':')[2]}/ok`, {
      allowHosts: ['pages.test'],
      resolveHost: resolveTo('127.0.0.1'),
    });
    expect(page.body.toString()).toBe('<p>hello</p>');
  });

  it('refuses a fourth redirect', async () => {
    expect(await failureOf(`${base}/chain/4`)).toBe('fetch_too_many_redirects');
  });

  it('stops reading a body over 5 MB', async () => {
    expect(await failureOf(`${base}/big`)).toBe('fetch_too_large');
    expect(await failureOf(`${base}/big-declared`)).toBe('fetch_too_large');
  });

  it('gives up on a server that does not answer in time', async () => {
    const started = Date.now();
    expect(await failureOf(`${base}/hang`, { timeoutMs: 300 })).toBe('fetch_timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it.each([
    'ftp://example.com/file',
    'file:///etc/passwd',
    'http://user:pass@example.com/',
    'http://user@example.com/',
    'not a url',
  ])('refuses %s as a bad URL', async (url) => {
    expect(await failureOf(url)).toBe('fetch_bad_url');
  });

  it('answers fetch_failed when nothing listens', async () => {
    const closed = http.createServer();
    const port = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    expect(await failureOf(`http://127.0.0.1:${port}/`, { allowHosts: ['127.0.0.1'] })).toBe('fetch_failed');
  });
});
