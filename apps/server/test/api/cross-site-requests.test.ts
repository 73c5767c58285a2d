import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@pinboard/shared/api';
import { signedInBrowser, type SignedInBrowser } from '../helpers/board-writes.ts';
import { TEST_CSRF_TOKEN } from '../helpers/browser.ts';
import { fillPath, listOperations } from '../helpers/openapi.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let owner: SignedInBrowser;
let boardId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInBrowser(t);
  boardId = String((await t.make.board(owner.userId, { name: 'Garden' })).id);
});
afterAll(() => t.close());

const PUBLIC_ORIGIN = 'http://localhost:3000';

/** A request with the owner's cookies; `headers` decide token, Origin and Referer. */
function send(method: string, url: string, headers: Record<string, string>, payload?: unknown) {
  const cookie = owner.cookieHeader();
  return t.request({
    method: method as 'POST',
    url,
    headers: { cookie, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function boardState() {
  return (await owner.get(`/v3/boards/${boardId}/`)).body.resource_response.data;
}

describe('the CSRF token is checked on the path as routed', () => {
  it('refuses every mutating operation reached through a percent-encoded prefix without the token', async () => {
    const before = await boardState();
    // A cross-origin endpoint (a conversion tag's call, decision 69) takes no authority from cookies.
    const crossOrigin = new Set(
      Object.values(endpoints).flatMap((d) =>
        'crossOrigin' in d && d.crossOrigin ? [`${d.method} ${d.path}`] : [],
      ),
    );
    const mutating = listOperations(t.app).filter((op) => op.method !== 'GET' && !crossOrigin.has(op.name));
    expect(mutating.length).toBeGreaterThan(40);
    const passed: string[] = [];
    for (const op of mutating) {
      const path = fillPath(op.path, {
        id: boardId,
        username: 'someone',
        userId: '1',
        provider: 'google',
        ...Object.fromEntries(
          [
            'profileId',
            'inviteId',
            'advertiserId',
            'campaignId',
            'adGroupId',
            'adId',
            'pinId',
            'messageId',
          ].map((name) => [name, '1']),
        ),
        token: 'a'.repeat(32),
      });
      // The first letter of the API prefix percent-encoded: `/%76%33/`, `/%76x/`, `/%61ds/`.
      const encoded = path.startsWith('/v3/')
        ? path.replace(/^\/v3\//, '/%76%33/')
        : path.replace(
            /^\/(vx|ads)\//,
            (_match, prefix: string) => `/%${prefix.charCodeAt(0).toString(16)}${prefix.slice(1)}/`,
          );
      const response = await send(op.method, encoded, { 'content-type': 'application/json' }, {});
      if (response.status !== 403 || response.body.resource_response?.error?.code !== 'csrf_failed') {
        passed.push(`${op.name} → ${response.status}`);
      }
    }
    expect(passed).toEqual([]);
    expect(await boardState()).toEqual(before);
  });

  it('refuses the findings of the report: archive, edit and account close by an encoded path', async () => {
    for (const [method, url, payload] of [
      ['POST', `/%76%33/boards/${boardId}/archive/`, {}],
      ['PATCH', `/%76%33/boards/${boardId}/`, { name: 'Taken' }],
      ['POST', '/%76%33/users/settings/close/', {}],
      ['POST', `/v3/boards/${boardId}/%61rchive/`, {}],
    ] as const) {
      const response = await send(method, url, {}, payload);
      expect(response.status, `${method} ${url}`).toBe(403);
      expect(response.body.resource_response.error.code).toBe('csrf_failed');
    }
    const board = await boardState();
    expect(board.name).toBe('Garden');
    expect(board.archived_by_me_at).toBeNull();
    expect((await owner.viewer()).id).toBe(String(owner.userId));
  });
});

describe('a call from another site is refused', () => {
  const token = { 'x-csrftoken': TEST_CSRF_TOKEN };

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin null', { origin: 'null' }],
    ['a foreign Referer without Origin', { referer: 'https://evil.example/page' }],
    ['a foreign Origin with our Referer', { origin: 'https://evil.example', referer: `${PUBLIC_ORIGIN}/` }],
    ['our host on another port', { origin: 'http://localhost:4000' }],
  ])('with a valid token and %s: 403 in the envelope, nothing changed', async (_name, headers) => {
    const response = await send(
      'PATCH',
      `/v3/boards/${boardId}/`,
      { ...token, ...headers },
      { name: 'Taken' },
    );
    expect(response.status).toBe(403);
    expect(response.body.resource_response).toMatchObject({
      status: 'failure',
      error: { code: 'cross_site_request', message: 'This request came from another site and was refused.' },
    });
    expect((await boardState()).name).toBe('Garden');
  });

  it.each([
    ['the public address as Origin', { origin: PUBLIC_ORIGIN }],
    ['the address the request was sent to', { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' }],
    ['a same-site Referer without Origin', { referer: `${PUBLIC_ORIGIN}/board/garden/` }],
    ['neither (a script or tool)', {}],
  ])('with a valid token and %s: the call goes through', async (_name, headers) => {
    const response = await send(
      'PATCH',
      `/v3/boards/${boardId}/`,
      { ...token, ...headers },
      { name: 'Garden' },
    );
    expect(response.status).toBe(200);
  });
});
