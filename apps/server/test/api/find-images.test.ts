import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** `GET /v3/pins/find_images/` against pages served on 127.0.0.1, allowlisted by host:port. */

const ARTICLE = `<!doctype html><html><head>
<title> Lamp  &amp; light </title>
<meta property="og:image" content="/og.jpg">
<meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">
<meta name="twitter:image" content="https://cdn.example.com/tw.jpg">
<meta name="description" content="A brass lamp.">
<base href="/assets/">
</head><body>
<img src="pixel.gif" width="1" height="1">
<img src="small.jpg" width="60" height="200">
<img src="lamp.jpg" width="600" height="800px">
<img src="data:image/png;base64,AAAA" width="500" height="500">
<img src="logo.svg" width="300">
<img src="placeholder.gif" data-src="lazy.jpg">
<img srcset="s-320.jpg 320w, s-1200.jpg 1200w" src="s.jpg">
<img src="/og.jpg">
<script>document.write('<img src="from-script.jpg">')</script>
<!-- <img src="commented.jpg"> -->
</body></html>`;

const PAGES: Record<string, { type: string; body: string; status?: number }> = {
  '/article': { type: 'text/html; charset=utf-8', body: ARTICLE },
  '/plain': {
    type: 'text/html',
    body: '<html><head><meta property="og:title" content="Just words"></head><body><p>No pictures.</p></body></html>',
  },
  '/photo.jpg': { type: 'image/jpeg', body: 'not really a jpeg' },
  '/gone': { type: 'text/html', body: '<h1>Not found</h1>', status: 404 },
};

let pages: http.Server;
let origin = '';
let closedPort = 0;
let t: TestApp;
let cookie = '';

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  pages = http.createServer((request, response) => {
    const page = PAGES[request.url ?? ''];
    if (!page) return void response.writeHead(404).end();
    response.writeHead(page.status ?? 200, { 'content-type': page.type }).end(page.body);
  });
  const port = await listen(pages);
  origin = `http://127.0.0.1:${port}`;
  const closed = http.createServer();
  closedPort = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));
  t = await createTestApp({ env: { FETCH_ALLOW_HOSTS: `127.0.0.1:${port}, 127.0.0.1:${closedPort}` } });
  cookie = await t.make.sessionCookie((await t.make.user()).id);
});

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => pages.close(resolve));
});

const findImages = (url: string, withCookie = true) =>
  t.request({
    method: 'GET',
    url: `/v3/pins/find_images/?url=${encodeURIComponent(url)}`,
    headers: withCookie ? { cookie } : {},
  });

describe('GET /v3/pins/find_images/', () => {
  it('lists the shared images first, then the large img elements, absolute and without repeats', async () => {
    const { status, body } = await findImages(`${origin}/article`);
    expect(status).toBe(200);
    expect(body.resource_response.data).toEqual({
      url: `${origin}/article`,
      title: 'Lamp & light',
      description: 'A brass lamp.',
      items: [
        { type: 'pinnable', url: `${origin}/og.jpg`, width: 1200, height: 630 },
        { type: 'pinnable', url: 'https://cdn.example.com/tw.jpg', width: null, height: null },
        { type: 'pinnable', url: `${origin}/assets/lamp.jpg`, width: 600, height: 800 },
        { type: 'pinnable', url: `${origin}/assets/lazy.jpg`, width: null, height: null },
        { type: 'pinnable', url: `${origin}/assets/s-1200.jpg`, width: null, height: null },
      ],
    });
  });

  it('answers an empty list for a page without pictures, and the picture for an image URL', async () => {
    const plain = await findImages(`${origin}/plain`);
    expect(plain.status).toBe(200);
    expect(plain.body.resource_response.data).toEqual({
      url: `${origin}/plain`,
      title: 'Just words',
      description: null,
      items: [],
    });
    const photo = await findImages(`${origin}/photo.jpg`);
    expect(photo.body.resource_response.data.items).toEqual([
      { type: 'pinnable', url: `${origin}/photo.jpg`, width: null, height: null },
    ]);
  });

  it('answers a clear error, never a 5xx, when the link fails', async () => {
    const unreachable = await findImages(`http://127.0.0.1:${closedPort}/`);
    expect(unreachable.status).toBe(422);
    expect(unreachable.body.resource_response.error.code).toBe('fetch_failed');
    const gone = await findImages(`${origin}/gone`);
    expect(gone.status).toBe(422);
    expect(gone.body.resource_response.error).toMatchObject({
      code: 'fetch_bad_status',
      message_detail: 'HTTP 404',
    });
    const ftp = await findImages('ftp://example.com/a.jpg');
    expect(ftp.status).toBe(400);
    expect(ftp.body.resource_response.error.code).toBe('fetch_bad_url');
  });

  it('refuses private and metadata addresses', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://[::1]/',
      'http://2130706433/',
    ]) {
      const { status, body } = await findImages(url);
      expect(status).toBe(400);
      expect(body.resource_response.error).toMatchObject({ code: 'fetch_address_refused', field: 'url' });
    }
  });

  it('is for signed-in viewers only', async () => {
    const { status, body } = await findImages(`${origin}/article`, false);
    expect(status).toBe(401);
    expect(body.resource_response.error.code).toBe('auth_required');
  });
});
