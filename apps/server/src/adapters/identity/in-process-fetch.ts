import type { FastifyInstance } from 'fastify';
import type { InProcessFetch } from './oidc-providers.ts';

/**
 * A fetch for the development issuer that is answered by this app through `inject`, as if it came
 * from the address people use (`PUBLIC_URL`): the server never calls itself over the network,
 * so the stand-in works behind any proxy and in tests that never listen.
 */
export function createInProcessFetch(app: FastifyInstance, publicUrl: string): InProcessFetch {
  const base = new URL(publicUrl);
  return async (url, init) => {
    const target = new URL(url);
    const headers: Record<string, string> = {};
    new Headers(init.headers as ConstructorParameters<typeof Headers>[0]).forEach((value, name) => {
      headers[name] = value;
    });
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `${target.pathname}${target.search}`,
      headers: {
        ...headers,
        host: base.host,
        'x-forwarded-host': base.host,
        'x-forwarded-proto': base.protocol.slice(0, -1),
      },
      ...(init.body === undefined || init.body === null ? {} : { payload: String(init.body) }),
    });
    const answer = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      for (const one of Array.isArray(value) ? value : [value])
        if (one !== undefined) answer.append(name, String(one));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.rawPayload, { status: response.statusCode, headers: answer });
  };
}
