import net from 'node:net';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boards } from '../../src/db/schema/boards.ts';
import { mediaUploads } from '../../src/db/schema/media-uploads.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Every bad input answers 4xx in the envelope with the field named, and changes nothing.

let t: TestApp;
let signedIn: Record<string, string>;
let pinId: number;
const CSRF = 'inputcsrf0inputcsrf0';
const visitor = { cookie: `csrftoken=${CSRF}`, 'x-csrftoken': CSRF };
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  t = await createTestApp();
  const user = await t.make.user({ username: 'input_owner' });
  const board = await t.make.board(user.id);
  pinId = (await t.make.pin(user.id, board.id)).id;
  signedIn = { cookie: `csrftoken=${CSRF}; ${await t.make.sessionCookie(user.id)}`, 'x-csrftoken': CSRF };
});
afterAll(async () => {
  await t.close();
  process.off('unhandledRejection', onUnhandled);
  expect(unhandled).toEqual([]);
});

function expectRefused(
  response: { status: number; body: any },
  expected: { status: number; code: string; field: string | null },
) {
  expect(response.status).toBe(expected.status);
  expect(response.body.resource_response).toMatchObject({
    status: 'failure',
    data: null,
    error: { http_status: expected.status, code: expected.code, field: expected.field },
  });
}

const boardCount = async () => (await t.db.select({ n: count() }).from(boards))[0]!.n;

describe('ids', () => {
  it.each(['9999999999999999999', '9223372036854775807', '9223372036854775808', '9007199254740992'])(
    'refuses the out-of-range id %s with the field named',
    async (id) => {
      expectRefused(await t.request({ method: 'GET', url: `/v3/pins/${id}/` }), {
        status: 400,
        code: 'invalid_request',
        field: 'id',
      });
    },
  );

  it('looks up the largest id it takes, and the pin that exists', async () => {
    const largest = await t.request({ method: 'GET', url: '/v3/pins/9007199254740991/' });
    expect(largest.status).toBe(404);
    expect(largest.body.resource_response.error.code).toBe('pin_not_found');
    expect((await t.request({ method: 'GET', url: `/v3/pins/${pinId}/` })).status).toBe(200);
  });

  it('refuses an out-of-range id in a body with its field named', async () => {
    const response = await t.request({
      method: 'POST',
      url: `/v3/pins/${pinId}/repin/`,
      headers: signedIn,
      payload: { board_id: '9223372036854775807' },
    });
    expectRefused(response, { status: 400, code: 'invalid_request', field: 'board_id' });
  });
});

describe('control characters', () => {
  it('refuses NUL in a body string with the field named, and stores nothing', async () => {
    const before = await boardCount();
    const response = await t.request({
      method: 'POST',
      url: '/v3/boards/',
      headers: signedIn,
      payload: { name: 'a\u0000b' },
    });
    expectRefused(response, { status: 400, code: 'invalid_characters', field: 'name' });
    expect(await boardCount()).toBe(before);
  });

  it.each(['\u0007', '\u001b[31m', '\u007f', '\ud800'])('refuses %j in a nested field', async (bad) => {
    const response = await t.request({
      method: 'POST',
      url: '/v3/bulk_edit/',
      headers: signedIn,
      payload: { board_id: '1', new_board_id: '2', pin_ids: ['1', `3${bad}`] },
    });
    expectRefused(response, { status: 400, code: 'invalid_characters', field: 'pin_ids.1' });
  });

  it('keeps tabs and line breaks in text', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/v3/boards/',
      headers: signedIn,
      payload: { name: 'Tabs\tand lines', description: 'First line\r\nsecond\n\tindented' },
    });
    expect(response.status).toBe(200);
    expect(response.body.resource_response.data.description).toBe('First line\r\nsecond\n\tindented');
  });

  it('refuses NUL in a query parameter and in a path parameter with the field named', async () => {
    expectRefused(await t.request({ method: 'GET', url: '/v3/search/pins/?q=a%00b' }), {
      status: 400,
      code: 'invalid_characters',
      field: 'q',
    });
    expectRefused(
      await t.request({
        method: 'POST',
        url: '/v3/login/qr/a%00b/claim/',
        headers: visitor,
        payload: { secret: 'x' },
      }),
      { status: 400, code: 'invalid_characters', field: 'id' },
    );
  });

  it('refuses a provider token that cannot go in a header, with the field named', async () => {
    for (const token of ['abc\r\nX-Injected: 1', 'tok én', 'é']) {
      const response = await t.request({
        method: 'POST',
        url: '/v3/facebook/login_data/',
        headers: visitor,
        payload: { facebook_id: '123', facebook_token: token },
      });
      expectRefused(response, { status: 400, code: 'invalid_request', field: 'facebook_token' });
    }
  });
});

describe('addresses', () => {
  it('answers malformed percent-encoding in the path in the envelope', async () => {
    for (const url of ['/v3/boards/%zz/', '/v3/pins/%E0%A4%A/', '/v3/users/%/']) {
      expectRefused(await t.request({ method: 'GET', url }), {
        status: 400,
        code: 'invalid_request',
        field: 'path',
      });
    }
  });

  it('refuses a long path parameter by its own schema, and an over-long one before routing', async () => {
    expectRefused(await t.request({ method: 'GET', url: `/v3/pins/${'1'.repeat(150)}/` }), {
      status: 400,
      code: 'invalid_request',
      field: 'id',
    });
    expectRefused(await t.request({ method: 'GET', url: `/v3/boards/${'a'.repeat(501)}/` }), {
      status: 414,
      code: 'uri_too_long',
      field: 'path',
    });
  });

  it('answers a 100 KB query string in the envelope', async () => {
    const response = await t.request({ method: 'GET', url: `/v3/search/pins/?q=${'a'.repeat(100_000)}` });
    expect(response.status).toBe(400);
    expect(response.body.resource_response.error.field).toBe('q');
  });
});

describe('multipart', () => {
  const file =
    'Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n';
  const uploadCount = async () => (await t.db.select({ n: count() }).from(mediaUploads))[0]!.n;

  it.each([
    ['no boundary', 'multipart/form-data', `--b\r\n${file}--b--\r\n`],
    ['an empty boundary', 'multipart/form-data; boundary=', `--\r\n${file}----\r\n`],
    [
      'an over-long boundary',
      `multipart/form-data; boundary=${'b'.repeat(200)}`,
      `--${'b'.repeat(200)}\r\n${file}`,
    ],
    ['a form never closed', 'multipart/form-data; boundary=b', `--b\r\n${file}`],
    [
      'a broken part header',
      'multipart/form-data; boundary=b',
      `--b\r\nContent-Disposition\r\n\r\nx\r\n--b--\r\n`,
    ],
  ])('answers %s with 400 in the envelope and stores nothing', async (_name, contentType, payload) => {
    const before = await uploadCount();
    const response = await t.request({
      method: 'POST',
      url: '/v3/media/uploads/',
      headers: { ...signedIn, 'content-type': contentType },
      payload,
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body.resource_response.status).toBe('failure');
    expect(await uploadCount()).toBe(before);
  });

  it('names the file field when the framing breaks', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/v3/media/uploads/',
      headers: { ...signedIn, 'content-type': 'multipart/form-data; boundary=b' },
      payload: `--b\r\n${file}`,
    });
    expectRefused(response, { status: 400, code: 'multipart_invalid', field: 'file' });
  });
});

describe("what Node's HTTP parser refuses", () => {
  /** Sends raw bytes to the listening app and reads the whole answer. */
  async function raw(
    bytes: string,
  ): Promise<{ status: number; contentType: string; head: string; body: any }> {
    const address = t.app.server.address() as net.AddressInfo;
    const text = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(address.port, '127.0.0.1', () => socket.write(bytes));
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString('latin1')));
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
    });
    const [head, body = ''] = text.split('\r\n\r\n');
    return {
      status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head!)?.[1]),
      contentType: /content-type: ([^\r\n]+)/i.exec(head!)?.[1] ?? '',
      head: head!.toLowerCase(),
      body: JSON.parse(body),
    };
  }

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('answers headers over the size limit with 431 in the envelope', async () => {
    const answer = await raw(`GET /v3/users/me/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.body.resource_response.error).toMatchObject({
      http_status: 431,
      code: 'headers_too_large',
    });
  });

  it('answers a 100 KB query string over HTTP with 431 in the envelope', async () => {
    const answer = await raw(`GET /v3/search/pins/?q=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.body.resource_response.error.code).toBe('headers_too_large');
    expect(answer.head).toContain('x-content-type-options: nosniff');
    expect(answer.head).toContain("content-security-policy: default-src 'none'");
  });

  it('answers a request that is not HTTP with 400 in the envelope', async () => {
    const answer = await raw('NOT AN HTTP REQUEST\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.body.resource_response.error).toMatchObject({ http_status: 400, code: 'invalid_request' });
  });
});
