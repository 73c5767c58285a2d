import { vi } from 'vitest';

/** A success envelope as the API sends it. */
export function success(data: unknown, bookmark: string | null = null): Response {
  return Response.json({ resource_response: { status: 'success', data, bookmark } });
}

/**
 * A failure envelope as the API sends it (with the error's field, data, message and detail when
 * given; the message is the code otherwise).
 */
export function failure(
  status: number,
  code: string,
  extra: { field?: string; data?: Record<string, unknown>; message?: string; messageDetail?: string } = {},
): Response {
  return Response.json(
    {
      resource_response: {
        status: 'failure',
        data: null,
        error: {
          http_status: status,
          api_error_code: 0,
          code,
          message: extra.message ?? code,
          message_detail: extra.messageDetail ?? null,
          field: extra.field ?? null,
          ...(extra.data ? { data: extra.data } : {}),
        },
      },
    },
    { status },
  );
}

/**
 * Stubs `fetch` with answers by path (the query string is ignored when matching); unknown
 * paths answer 404. Returns the mock, whose calls show the full URLs asked for.
 */
export function stubApi(answers: Record<string, (url: URL) => Response>) {
  const fetch = vi.fn<typeof globalThis.fetch>(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = answers[url.pathname];
    return answer ? answer(url) : failure(404, 'not_found');
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The URLs `fetch` was called with, in order. */
export function requestedUrls(fetch: ReturnType<typeof stubApi>): string[] {
  return fetch.mock.calls.map(([input]) => String(input));
}
