import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError, createApiClient, readCookie } from './client.ts';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function clientAnswering(response: Response | (() => Promise<Response>), token: string | null = 'tok-123') {
  const fetch = vi.fn<typeof globalThis.fetch>(
    typeof response === 'function' ? response : async () => response,
  );
  return { fetch, client: createApiClient({ fetch, getCsrfToken: () => token }) };
}

const success = (data: unknown, bookmark: string | null = null) =>
  jsonResponse(200, { resource_response: { status: 'success', data, bookmark } });

describe('api client', () => {
  it('unwraps data and bookmark from the envelope', async () => {
    const { client } = clientAnswering(success([{ id: '1' }], 'next-page'));

    await expect(client.request('GET', '/v3/feeds/home/')).resolves.toEqual({
      data: [{ id: '1' }],
      bookmark: 'next-page',
    });
  });

  it('puts defined query values in the URL and drops null ones', async () => {
    const { fetch, client } = clientAnswering(success([]));

    await client.request('GET', '/v3/feeds/home/', { query: { page_size: 25, bookmark: null, q: 'a b' } });

    expect(fetch.mock.calls[0]![0]).toBe('/v3/feeds/home/?page_size=25&q=a+b');
  });

  it('sends no CSRF header on GET', async () => {
    const { fetch, client } = clientAnswering(success({}));

    await client.request('GET', '/v3/users/me/');

    const headers = fetch.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers['X-CSRFToken']).toBeUndefined();
  });

  it('sends the CSRF token and a JSON body on other methods', async () => {
    const { fetch, client } = clientAnswering(success({ id: '9' }));

    await client.request('POST', '/v3/boards/', { body: { name: 'Trips' } });

    const init = fetch.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"Trips"}');
    expect(init.headers).toMatchObject({ 'X-CSRFToken': 'tok-123', 'Content-Type': 'application/json' });
  });

  it('throws ApiRequestError with the envelope error fields', async () => {
    const error = {
      http_status: 400,
      api_error_code: 123,
      code: 'password_too_short',
      message: 'Your password is too short! You need 8+ characters.',
      message_detail: null,
      field: 'password',
    };
    const { client } = clientAnswering(
      jsonResponse(400, { resource_response: { status: 'failure', data: null, error } }),
    );

    const thrown = await client.request('POST', '/v3/register/', { body: {} }).catch((e: unknown) => e);

    expect(thrown).toBeInstanceOf(ApiRequestError);
    expect(thrown).toMatchObject({
      status: 400,
      apiErrorCode: 123,
      code: 'password_too_short',
      message: error.message,
      field: 'password',
    });
  });

  it('turns an answer without the envelope into an unexpected_response error', async () => {
    const { client } = clientAnswering(new Response('<html>Bad gateway</html>', { status: 502 }));

    await expect(client.request('GET', '/v3/feeds/home/')).rejects.toMatchObject({
      status: 502,
      code: 'unexpected_response',
    });
  });

  it('turns a failed fetch into a network_error but lets aborts through', async () => {
    const offline = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(offline.client.request('GET', '/v3/feeds/home/')).rejects.toMatchObject({
      code: 'network_error',
    });

    const aborted = clientAnswering(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(aborted.client.request('GET', '/v3/feeds/home/')).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('csrftoken', 'a=1; csrftoken=ab%3Dc; b=2')).toBe('ab=c');
    expect(readCookie('csrftoken', 'xcsrftoken=1')).toBeNull();
  });
});
