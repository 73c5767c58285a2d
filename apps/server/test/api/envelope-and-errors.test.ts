import { sql } from 'drizzle-orm';
import type { FastifyError } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toAppError } from '../../src/plugins/errors.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let pinId: number;
beforeAll(async () => {
  t = await createTestApp();
  const user = await t.make.user({ username: 'envelope_owner' });
  const board = await t.make.board(user.id);
  pinId = (await t.make.pin(user.id, board.id, { title: 'Hello' })).id;
});
afterAll(() => t.close());

/** A CSRF pair: the cookie the server would have set and the header that must echo it. */
const csrf = { cookie: 'csrftoken=abc123abc123abc123', 'x-csrftoken': 'abc123abc123abc123' };

describe('envelope', () => {
  it('wraps data in resource_response with a null bookmark for single resources', async () => {
    const { status, body } = await t.request({ method: 'GET', url: `/v3/pins/${pinId}/` });
    expect(status).toBe(200);
    expect(body.resource_response.status).toBe('success');
    expect(body.resource_response.bookmark).toBeNull();
    expect(body.resource_response.data).toMatchObject({ id: String(pinId), type: 'pin', title: 'Hello' });
  });

  it('answers /healthz without an envelope', async () => {
    const { status, body } = await t.request({ method: 'GET', url: '/healthz' });
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok' });
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const { status, body } = await t.request({ method: 'GET', url: '/v3/openapi.json' });
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(['/v3/pins/{id}/', '/v3/users/{username}/boards/', '/v3/feeds/home/']),
    );
    const query = body.paths['/v3/users/{username}/boards/'].get.parameters.find(
      (p: { name: string }) => p.name === 'sort',
    );
    expect(query.schema.enum).toContain('group_boards_at_top');
  });
});

describe('errors', () => {
  it('gives the failure envelope for an unknown pin', async () => {
    const { status, body } = await t.request({ method: 'GET', url: '/v3/pins/999999999/' });
    expect(status).toBe(404);
    expect(body).toEqual({
      resource_response: {
        status: 'failure',
        data: null,
        error: {
          http_status: 404,
          api_error_code: 50,
          code: 'pin_not_found',
          message: 'Sorry! We could not find that Pin.',
          message_detail: null,
          field: null,
        },
      },
    });
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const { status, body } = await t.request({ method: 'GET', url: '/v3/no/such/thing/' });
    expect(status).toBe(404);
    expect(body.resource_response.error.code).toBe('not_found');
  });

  it('names the field of a wrong type', async () => {
    const { status, body } = await t.request({ method: 'GET', url: '/v3/feeds/home/?page_size=many' });
    expect(status).toBe(400);
    expect(body.resource_response.error).toMatchObject({ code: 'invalid_request', field: 'page_size' });
  });

  it('rejects an id that is not numeric', async () => {
    const { status, body } = await t.request({ method: 'GET', url: '/v3/pins/abc/' });
    expect(status).toBe(400);
    expect(body.resource_response.error.field).toBe('id');
  });

  it('rejects unknown query fields by name', async () => {
    const { status, body } = await t.request({ method: 'GET', url: '/v3/feeds/home/?colour=red' });
    expect(status).toBe(400);
    expect(body.resource_response.error).toMatchObject({ code: 'unknown_field', field: 'colour' });
  });

  it('rejects a forged bookmark', async () => {
    const { status, body } = await t.request({ method: 'GET', url: '/v3/feeds/home/?bookmark=not-json' });
    expect(status).toBe(400);
    expect(body.resource_response.error).toMatchObject({ code: 'invalid_bookmark', field: 'bookmark' });
  });
});

describe('request bodies', () => {
  const post = (payload: string, headers: Record<string, string> = {}) =>
    t.request({
      method: 'POST',
      url: '/__admin/run',
      payload,
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('refuses non-GET API calls without the CSRF header', async () => {
    const { status, body } = await t.request({ method: 'POST', url: '/v3/pins/1/repin/', payload: {} });
    expect(status).toBe(403);
    expect(body.resource_response.error.code).toBe('csrf_failed');
  });

  it('refuses a CSRF header that does not match the cookie', async () => {
    const { status } = await t.request({
      method: 'DELETE',
      url: '/v3/boards/1/',
      headers: { cookie: 'csrftoken=one', 'x-csrftoken': 'two' },
    });
    expect(status).toBe(403);
  });

  it('lets a matching CSRF pair through to routing', async () => {
    const { status, body } = await t.request({ method: 'DELETE', url: '/v3/no_such_call/', headers: csrf });
    expect(status).toBe(404);
    expect(body.resource_response.error.code).toBe('not_found');
  });

  it('sets a csrftoken cookie when the client has none', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(String(response.headers['set-cookie'])).toMatch(/csrftoken=[\w-]{20,}; .*SameSite=Lax/);
    const again = await t.app.inject({ method: 'GET', url: '/healthz', headers: { cookie: 'csrftoken=x' } });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const { status, body } = await t.request({
      method: 'PUT',
      url: '/v3/boards/1/follow/',
      payload: '{"broken": ',
      headers: { 'content-type': 'application/json', ...csrf },
    });
    expect(status).toBe(400);
    expect(body.resource_response.error.code).toBe('invalid_json');
  });

  it('answers an oversized body with a 413 envelope', async () => {
    const { status, body } = await t.request({
      method: 'PUT',
      url: '/v3/boards/1/follow/',
      payload: JSON.stringify({ padding: 'x'.repeat(2_000_000) }),
      headers: { 'content-type': 'application/json', ...csrf },
    });
    expect(status).toBe(413);
    expect(body.resource_response.error.code).toBe('body_too_large');
  });

  it('answers an unsupported content type with a 415 envelope', async () => {
    const { status, body } = await t.request({
      method: 'PUT',
      url: '/v3/boards/1/follow/',
      payload: '<xml/>',
      headers: { 'content-type': 'application/xml', ...csrf },
    });
    expect(status).toBe(415);
    expect(body.resource_response.error.code).toBe('unsupported_media_type');
  });

  it('keeps the admin endpoint off unless the server was given a token', async () => {
    const { status } = await post(JSON.stringify({ argv: ['help'] }));
    expect(status).toBe(404);
  });
});

describe('database failures', () => {
  it.each([
    ['a deadlock', '40P01'],
    ['a serialization failure', '40001'],
  ])('%s (%s) answers 409 write_conflict, not a server error', async (_name, state) => {
    const thrown = await t.db
      .execute(sql.raw(`do $$ begin raise exception 'conflict' using errcode = '${state}'; end $$`))
      .catch((error: unknown) => error);
    const appError = toAppError(thrown as FastifyError);
    expect(appError).toMatchObject({ code: 'write_conflict', status: 409 });
    expect(appError.message).toBe('Something else changed this at the same moment. Please try again.');
  });

  it('any other database error stays internal', async () => {
    const thrown = await t.db.execute(sql.raw('select 1/0')).catch((error: unknown) => error);
    expect(toAppError(thrown as FastifyError).code).toBe('internal');
  });
});
