import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { upsertRule, deleteRule } from '../../src/modules/offsite/offsite.repository.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * `POST /v3/offsite/` and `GET /offsite/` (decision 28). A local server stands in for a link
 * shortener: 127.0.0.1 is named a shortener (LINK_SHORTENERS) and its `/short` redirects to
 * `localhost`, the "destination" domain; both are allowlisted for the fetcher by host:port.
 */

let site: http.Server;
let port = 0;
let t: TestApp;
let owner = { id: 0 };
let pinId = '';
let secretPinId = '';
const BROWSER = 'csrf-browser-one-0123456789abcdef';
const OTHER_BROWSER = 'csrf-browser-two-0123456789abcdef';
const PIN_LINK = 'https://shop.example.com/lamp?colour=brass';

beforeAll(async () => {
  site = http.createServer((request, response) => {
    if (request.url === '/short')
      return void response.writeHead(302, { location: `http://localhost:${port}/landing` }).end();
    if (request.url === '/loop') return void response.writeHead(302, { location: '/loop' }).end();
    if (request.url === '/landing')
      return void response.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>');
    response.writeHead(404).end();
  });
  // Every interface, so `localhost` answers whether it resolves to ::1 or 127.0.0.1.
  await new Promise<void>((resolve) => site.listen(0, () => resolve()));
  port = (site.address() as AddressInfo).port;
  t = await createTestApp({
    env: { FETCH_ALLOW_HOSTS: `127.0.0.1:${port},localhost:${port}`, LINK_SHORTENERS: '127.0.0.1' },
  });
  owner = await t.make.user();
  const board = await t.make.board(owner.id);
  const secret = await t.make.board(owner.id, { privacy: 'secret' });
  pinId = String((await t.make.pin(owner.id, board.id, { link: PIN_LINK, domain: 'shop.example.com' })).id);
  secretPinId = String(
    (await t.make.pin(owner.id, secret.id, { link: PIN_LINK, domain: 'shop.example.com' })).id,
  );
});

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => site.close(resolve));
});

afterEach(async () => {
  vi.useRealTimers();
  for (const domain of ['example.com', 'shop.example.com', 'localhost', 'bad.test', 'adult.test'])
    await deleteRule(t.db, domain);
});

const check = (payload: Record<string, unknown>, browser = BROWSER, extraCookie = '') =>
  t.request({
    method: 'POST',
    url: '/v3/offsite/',
    payload,
    headers: {
      cookie: `csrftoken=${browser}${extraCookie ? `; ${extraCookie}` : ''}`,
      'x-csrftoken': browser,
    },
  });

const open = (query: Record<string, string>, browser = BROWSER) =>
  t.app.inject({
    method: 'GET',
    url: `/offsite/?${new URLSearchParams(query)}`,
    headers: { cookie: `csrftoken=${browser}` },
  });

describe('POST /v3/offsite/', () => {
  it('answers safe with a token for a link no rule covers', async () => {
    const { status, body } = await check({ pin_id: pinId, url: PIN_LINK, check_only: true });
    expect(status).toBe(200);
    expect(body.resource_response.data).toMatchObject({ redirect_status: 'safe', url: PIN_LINK });
    expect(body.resource_response.data.token).toMatch(/^\d+\.[\w-]{43}$/);
  });

  it.each([
    ['blocked', 'shop.example.com'],
    ['suspicious', 'shop.example.com'],
    ['porn', 'shop.example.com'],
  ] as const)('answers %s, without a token, for a link whose domain has that rule', async (rule, domain) => {
    await upsertRule(t.db, domain, rule);
    const { body } = await check({ pin_id: pinId, url: PIN_LINK, check_only: true });
    expect(body.resource_response.data).toEqual({ redirect_status: rule, url: PIN_LINK, token: null });
  });

  it("applies a parent domain's rule to its subdomains and www., the strictest rule winning", async () => {
    await upsertRule(t.db, 'example.com', 'blocked');
    await upsertRule(t.db, 'shop.example.com', 'suspicious');
    const { body } = await check({ pin_id: pinId, url: PIN_LINK, check_only: true });
    expect(body.resource_response.data.redirect_status).toBe('blocked');
    const www = await check({ url: 'https://WWW.Example.com./x', check_only: true });
    expect(www.body.resource_response.data.redirect_status).toBe('blocked');
    const elsewhere = await check({ url: 'https://notexample.com/', check_only: true });
    expect(elsewhere.body.resource_response.data.redirect_status).toBe('safe');
  });

  it('follows a shortener and checks where it leads: a blocked destination is blocked', async () => {
    const short = `http://127.0.0.1:${port}/short`;
    const safe = await check({ url: short, third_party_ad: true, check_only: true });
    expect(safe.body.resource_response.data).toMatchObject({
      redirect_status: 'safe',
      url: `http://localhost:${port}/landing`,
    });
    await upsertRule(t.db, 'localhost', 'blocked');
    const blocked = await check({ url: short, check_only: true });
    expect(blocked.body.resource_response.data).toEqual({
      redirect_status: 'blocked',
      url: `http://localhost:${port}/landing`,
      token: null,
    });
  });

  it('answers suspicious for a shortener it cannot follow to the end', async () => {
    const { body } = await check({ url: `http://127.0.0.1:${port}/loop`, check_only: true });
    expect(body.resource_response.data).toMatchObject({ redirect_status: 'suspicious', token: null });
  });

  it("refuses a url that is not the pin's link, and a pin the viewer may not see as not found", async () => {
    const mismatch = await check({ pin_id: pinId, url: 'https://elsewhere.test/', check_only: true });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.resource_response.error).toMatchObject({
      code: 'offsite_link_mismatch',
      field: 'url',
    });
    const secret = await check({ pin_id: secretPinId, url: PIN_LINK, check_only: true });
    const missing = await check({ pin_id: '987654321', url: PIN_LINK, check_only: true });
    expect(secret.status).toBe(404);
    expect(secret.body).toEqual(missing.body);
    const asOwner = await check(
      { pin_id: secretPinId, url: PIN_LINK, check_only: true },
      BROWSER,
      await t.make.sessionCookie(owner.id),
    );
    expect(asOwner.body.resource_response.data.redirect_status).toBe('safe');
  });

  it('refuses links that are not http(s) and unknown fields', async () => {
    const script = await check({ url: 'javascript:alert(1)', check_only: true });
    expect(script.body.resource_response.error).toMatchObject({ code: 'offsite_bad_url', field: 'url' });
    const extra = await check({ url: PIN_LINK, check_only: true, redirect: true });
    expect(extra.status).toBe(400);
  });
});

describe('GET /offsite/', () => {
  const tokenFor = async (url = PIN_LINK, id: string | undefined = pinId) =>
    (await check({ ...(id ? { pin_id: id } : {}), url, check_only: true })).body.resource_response.data
      .token as string;

  const expectPage = (response: Awaited<ReturnType<typeof open>>, status: number, words: string) => {
    expect(response.statusCode).toBe(status);
    expect(response.headers.location).toBeUndefined();
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.body).toContain(words);
  };

  it('redirects with a valid token for that exact url, pin and browser, sending no referrer', async () => {
    const response = await open({ token: await tokenFor(), url: PIN_LINK, pin: pinId });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(PIN_LINK);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('shows the explanation, without redirecting, for a tampered, foreign, missing or mismatched token', async () => {
    const token = await tokenFor();
    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expectPage(await open({ token: tampered, url: PIN_LINK, pin: pinId }), 400, 'This link has expired.');
    expectPage(await open({ token, url: 'https://shop.example.com/other', pin: pinId }), 400, 'expired');
    expectPage(await open({ token, url: PIN_LINK }), 400, 'expired');
    expectPage(await open({ token, url: PIN_LINK, pin: pinId }, OTHER_BROWSER), 400, 'expired');
    expectPage(await open({ url: PIN_LINK }), 400, 'expired');
    const page = await open({ token: 'x', url: '<script>alert(1)</script>' });
    expectPage(page, 400, '&lt;script&gt;');
    expect(page.body).not.toContain('<script>');
  });

  it('refuses a token once it is older than ten minutes', async () => {
    const token = await tokenFor();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 9 * 60_000);
    expect((await open({ token, url: PIN_LINK, pin: pinId })).statusCode).toBe(302);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expectPage(await open({ token, url: PIN_LINK, pin: pinId }), 400, 'expired');
  });

  it('refuses a link whose domain got a rule after its token was made', async () => {
    const token = await tokenFor();
    await upsertRule(t.db, 'example.com', 'blocked');
    const page = await open({ token, url: PIN_LINK, pin: pinId });
    expectPage(page, 403, 'This link is blocked.');
    expect(page.body).not.toContain('shop.example.com');
    await upsertRule(t.db, 'example.com', 'porn');
    expectPage(await open({ token, url: PIN_LINK, pin: pinId }), 403, 'adult content');
  });
});
