import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. `visitor`: anyone, signed in or not (the answer may still depend on
 * who asks). `signedIn`: a signed-in person; a visitor is refused with `auth_required` before the
 * handler runs. Access to one object (a board someone may edit) is decided by the policy layer
 * on the server, `authorize(viewer, action, object)`, once the object is loaded.
 */
export type Access = 'visitor' | 'signedIn';

/**
 * A limit every call counts against before its handler runs: a limit of the server's registry
 * (`apps/server/src/policies/rate-limits.ts`, checked at start), counted by the caller's address
 * or by the signed-in viewer.
 */
export interface EndpointRateLimit {
  limit: string;
  by: 'address' | 'viewer';
}

/** How answers may be kept. */
export interface CachePolicy {
  /** Sent as `Cache-Control` on every answer (personal answers: `private, no-store`). */
  control?: 'private, no-store' | 'no-store';
  /**
   * Visitors' successful answers are kept for a second per instance, at most this many
   * (by URL); signed-in people always get a fresh answer.
   */
  visitorAnswers?: number;
}

/**
 * One API call, defined once: the server registers its route from it (validation, access,
 * caching, the answer's serializer), the web calls it through the client typed by it, and the
 * OpenAPI document is written from it.
 */
export interface EndpointDefinition {
  method: HttpMethod;
  /** The path as the browser sends it, with `{name}` for each path parameter. */
  path: `/${string}/`;
  summary: string;
  /** The area it belongs to (the OpenAPI tag). */
  tag: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  /** The JSON body; `'multipart'` for an upload read as a stream by its handler. */
  body?: z.ZodType | 'multipart';
  /** The envelope's `data`; for a stream, each event's data. */
  response: z.ZodType;
  /**
   * `'events'`: the answer is a stream of Server-Sent Events (`text/event-stream`), each event's
   * data the JSON of `response`, not an envelope. The web client opens it with `EventSource`,
   * never as a JSON call.
   */
  stream?: 'events';
  rateLimit?: EndpointRateLimit;
  cache?: CachePolicy;
  /**
   * Called by pages of any site, without credentials (a conversion tag on an advertiser's site):
   * every answer allows any origin, a preflight is answered, and the cross-site request rules do
   * not apply, since no cookie gives the call any authority (its body's signed token is all).
   */
  crossOrigin?: true;
}

/** Checks a definition's shape at compile time and keeps its literal types. */
export function defineEndpoint<const D extends EndpointDefinition>(definition: D): D {
  return definition;
}

type Defined<T> = T extends z.ZodType ? T : never;

/** What a caller passes: the path parameters, the query and the body the endpoint takes. */
export type EndpointInput<D extends EndpointDefinition> = ParamsInput<D> & QueryInput<D> & BodyInput<D>;
type ParamsInput<D extends EndpointDefinition> = D['params'] extends z.ZodType
  ? { params: z.input<Defined<D['params']>> }
  : { params?: undefined };
type QueryInput<D extends EndpointDefinition> = D['query'] extends z.ZodType
  ? object extends z.input<Defined<D['query']>>
    ? { query?: z.input<Defined<D['query']>> }
    : { query: z.input<Defined<D['query']>> }
  : { query?: undefined };
type BodyInput<D extends EndpointDefinition> = D['body'] extends 'multipart'
  ? { body: FormData }
  : D['body'] extends z.ZodType
    ? undefined extends z.input<Defined<D['body']>>
      ? { body?: z.input<Defined<D['body']>> }
      : { body: z.input<Defined<D['body']>> }
    : { body?: undefined };

/** The envelope's `data` of a successful answer. */
export type EndpointOutput<D extends EndpointDefinition> = z.output<D['response']>;

/** The path with each `{name}` replaced by its parameter, URI-encoded. */
export function fillEndpointPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(String(value));
  });
}
