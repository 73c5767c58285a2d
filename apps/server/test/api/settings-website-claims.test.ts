import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, uniqueEmail } from '../helpers/auth.ts';
import { errorOf, TestBrowser } from '../helpers/browser.ts';
import { signedInBrowser } from '../helpers/mfa.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const C = '/v3/users/settings/claimed_websites';
let t: TestApp;
let site: http.Server;
let origin: string;
/** The local test site's pages by path; anything else is a 404. */
const pages = new Map<string, string>();

beforeAll(async () => {
  site = http.createServer((request, response) => {
    const page = pages.get(request.url ?? '');
    response.writeHead(page === undefined ? 404 : 200, { 'content-type': 'text/html' });
    response.end(page ?? 'not here');
  });
  const port = await new Promise<number>((resolve) =>
    site.listen(0, '127.0.0.1', () => resolve((site.address() as AddressInfo).port)),
  );
  origin = `http://127.0.0.1:${port}`;
  t = await createTestApp({ env: { FETCH_ALLOW_HOSTS: `127.0.0.1:${port}` } });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => site.close(resolve));
});

const dataOf = (response: { body: any }) => response.body.resource_response.data;
async function person() {
  const user = await t.make.userWithPassword(GOOD_PASSWORD, { email: uniqueEmail(), firstName: 'Ada' });
  return { ...user, browser: await signedInBrowser(t, user.id) };
}
const officialOf = async (domain: string) =>
  dataOf(await new TestBrowser(t).get(`/v3/domains/${encodeURIComponent(domain)}/official_user/`));

describe('claimed websites', () => {
  it('verifies a claim by the meta tag on the home page; its person becomes the official account', async () => {
    pages.clear();
    const ada = await person();
    const claim = dataOf(await ada.browser.post(`${C}/`, { url: `${origin}/some/page` }));
    expect(claim).toMatchObject({ domain: '127.0.0.1', origin, verified: false });
    expect(claim.code).toMatch(/^[0-9a-f]{32}$/);

    // Not there yet: nothing changes.
    const early = await ada.browser.post(`${C}/${claim.id}/verify/`, {});
    expect(errorOf(early)).toMatchObject({ code: 'website_not_verified', http_status: 400 });
    expect((await officialOf('127.0.0.1')).user).toBeNull();

    pages.set('/', `<html><head><META name="p:domain_verify" content="${claim.code}"></head></html>`);
    const verified = await ada.browser.post(`${C}/${claim.id}/verify/`, {});
    expect(verified.status).toBe(200);
    expect(dataOf(verified)).toMatchObject({ id: claim.id, verified: true });
    expect((await officialOf('www.127.0.0.1')).user).toBeNull();
    expect(await officialOf('127.0.0.1')).toMatchObject({
      domain: '127.0.0.1',
      user: { id: String(ada.id) },
    });

    // Someone else cannot claim it now, see it, verify it or remove it.
    const bob = await person();
    expect(errorOf(await bob.browser.post(`${C}/`, { url: origin }))).toMatchObject({
      code: 'website_claimed',
      http_status: 409,
    });
    for (const answer of [
      await bob.browser.post(`${C}/${claim.id}/verify/`, {}),
      await bob.browser.request('DELETE', `${C}/${claim.id}/`),
    ]) {
      expect(errorOf(answer)).toMatchObject({ code: 'website_claim_not_found', http_status: 404 });
    }
    expect(dataOf(await bob.browser.get(`${C}/`))).toEqual([]);

    // Giving it up leaves the site without an official account.
    expect(dataOf(await ada.browser.request('DELETE', `${C}/${claim.id}/`))).toEqual([]);
    expect((await officialOf('127.0.0.1')).user).toBeNull();
  });

  it("offers the site's official account in a save's answer until the saver follows it", async () => {
    pages.clear();
    const ada = await person();
    const claim = dataOf(await ada.browser.post(`${C}/`, { url: origin }));
    pages.set('/', `<meta name="p:domain_verify" content="${claim.code}">`);
    expect((await ada.browser.post(`${C}/${claim.id}/verify/`, {})).status).toBe(200);

    const bo = await person();
    const boBoard = await t.make.board(bo.id);
    const adaBoard = await t.make.board(ada.id);
    const save = async (saver: typeof bo, boardId: number) => {
      const pin = await t.make.pin(ada.id, adaBoard.id, { link: `${origin}/lamp`, domain: '127.0.0.1' });
      const answer = await saver.browser.post(`/v3/pins/${pin.id}/repin/`, { board_id: String(boardId) });
      return dataOf(answer).link_domain_official_user;
    };
    expect(await save(bo, boBoard.id)).toMatchObject({ username: ada.username });
    // Not to the official account itself, nor to someone already following it.
    expect(await save(ada, adaBoard.id)).toBeNull();
    await bo.browser.request('PUT', `/v3/users/${ada.username}/follow/`);
    expect(await save(bo, boBoard.id)).toBeNull();
    await ada.browser.request('DELETE', `${C}/${claim.id}/`);
  });

  it('verifies a claim by the file /pinboard-<code>.html', async () => {
    pages.clear();
    const ada = await person();
    const claim = dataOf(await ada.browser.post(`${C}/`, { url: origin }));
    pages.set('/', '<html><head><meta name="p:domain_verify" content="wrong"></head></html>');
    pages.set(`/pinboard-${claim.code}.html`, `pinboard-site-verification: ${claim.code}`);
    expect(dataOf(await ada.browser.post(`${C}/${claim.id}/verify/`, {}))).toMatchObject({ verified: true });
    expect(dataOf(await ada.browser.get(`${C}/`))).toMatchObject([{ id: claim.id, verified: true }]);
    await ada.browser.request('DELETE', `${C}/${claim.id}/`);
  });

  it.each(['', 'not a site', 'ftp://example.com/', 'javascript:alert(1)'])('refuses %j', async (url) => {
    const ada = await person();
    expect(errorOf(await ada.browser.post(`${C}/`, { url }))).toMatchObject({
      code: 'website_claim_invalid',
      field: 'url',
    });
  });

  it('never fetches an inside address that is not allowed', async () => {
    const ada = await person();
    const claim = dataOf(await ada.browser.post(`${C}/`, { url: 'http://localhost:9/' }));
    expect(errorOf(await ada.browser.post(`${C}/${claim.id}/verify/`, {})).code).toBe('website_not_verified');
  });

  it('is for signed-in people only', async () => {
    expect(errorOf(await new TestBrowser(t).post(`${C}/`, { url: origin })).code).toBe('auth_required');
  });
});
