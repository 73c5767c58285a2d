import { vi } from 'vitest';
import { endpoints, type EndpointName } from '@pinboard/shared/api';
import { endpointRoutes } from '../api/endpoints.gen.ts';

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

/** What a stubbed endpoint is asked: the URL, its path parameters, and the JSON body sent. */
export interface StubRequest {
  url: URL;
  method: string;
  params: Record<string, string>;
  body: unknown;
}

type Answer = (request: StubRequest) => Response | Promise<Response>;

// Fewest parameters first: like the server's router, `/v3/users/me/` is the viewer, not a person
// called "me" (`/v3/users/{username}/`).
const routeMatchers = Object.entries(endpointRoutes)
  .map(([name, route]) => {
    const names: string[] = [];
    const pattern = route.path.replace(/\{(\w+)\}/g, (_match, param: string) => {
      names.push(param);
      return '([^/]+)';
    });
    return { name: name as EndpointName, method: route.method, regex: new RegExp(`^${pattern}$`), names };
  })
  .sort((a, b) => a.names.length - b.names.length);

function endpointOf(method: string, pathname: string) {
  for (const matcher of routeMatchers) {
    if (matcher.method !== method) continue;
    const match = matcher.regex.exec(pathname);
    if (!match) continue;
    const params = Object.fromEntries(
      matcher.names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]),
    );
    return { name: matcher.name, params };
  }
  return null;
}

const stubViolations: string[] = [];

/** The stub answers a response schema refused since the last call (test/setup.ts fails on any). */
export function takeStubViolations(): string[] {
  return stubViolations.splice(0);
}

/**
 * A success answer must be what the endpoint's response schema allows: a stub cannot hand a
 * component data the server would never send.
 */
async function checkedAgainstSchema(name: EndpointName, response: Response): Promise<Response> {
  const json = (await response
    .clone()
    .json()
    .catch(() => null)) as {
    resource_response?: { status?: string; data?: unknown };
  } | null;
  if (json?.resource_response?.status !== 'success') return response;
  const result = endpoints[name].response.safeParse(json.resource_response.data);
  if (result.success) return response;
  // Thrown here it would reach the component as a network failure; the test fails after it ends.
  stubViolations.push(
    `The stub of ${name} answers data its response schema refuses: ${result.error.message}`,
  );
  return failure(500, 'stub_answer_refused_by_schema');
}

/**
 * Stubs `fetch` with answers by endpoint name (`getBoard`), matched by method and path; a
 * success answer is checked against the endpoint's response schema. Paths (`/v3/…`, any method,
 * the query string ignored) are still accepted while tests move to names. Anything else answers
 * 404. Returns the mock, whose calls show the full URLs asked for.
 */
export function stubApi(
  answers: Partial<Record<EndpointName, Answer>> & { [path: `/${string}`]: (url: URL) => Response },
) {
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : (init?.body ?? null);
    const byPath = answers[url.pathname as `/${string}`];
    if (byPath) return byPath(url);
    const endpoint = endpointOf(method, url.pathname);
    const answer = endpoint ? answers[endpoint.name] : undefined;
    if (!endpoint || !answer) return failure(404, 'not_found');
    return checkedAgainstSchema(endpoint.name, await answer({ url, method, params: endpoint.params, body }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The URLs `fetch` was called with, in order. */
export function requestedUrls(fetch: ReturnType<typeof stubApi>): string[] {
  return fetch.mock.calls.map(([input]) => String(input));
}
