import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import type { z } from 'zod';
import { envelopeOf, FailureEnvelopeSchema, type PageQuery, type SuccessEnvelope } from '@pinboard/shared';
import type { EndpointDefinition, EndpointRateLimit } from '@pinboard/shared/api';
import type { CounterStore } from '../adapters/counters/counters.ts';
import { byIp, byUser, enforceRateLimit, RATE_LIMITS, type RateLimitName } from '../policies/rate-limits.ts';
import type { Viewer } from '../plugins/viewer.ts';
import { AppError } from './app-error.ts';
import type { PageOptions } from './bookmark.ts';
import { createSignedOutAnswers } from './signed-out-answers.ts';

/** A signed-in viewer: what a `signedIn` endpoint's handler is given. */
export interface SignedInViewer {
  userId: number;
  sessionIdHash: string;
}

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What a handler is called with: the parsed request, who asks, and the raw request and reply. */
export interface EndpointCall<D extends EndpointDefinition> {
  params: Parsed<D['params']>;
  query: Parsed<D['query']>;
  body: Parsed<D['body']>;
  viewer: D['access'] extends 'signedIn' ? SignedInViewer : Viewer;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A route's handler: the success envelope (`ok(data, bookmark)`), or the reply it sent itself
 * (headers, cookies). Failures are thrown as `AppError`.
 */
export type EndpointHandler<D extends EndpointDefinition> = (
  call: EndpointCall<D>,
) => Promise<SuccessEnvelope<z.output<D['response']>> | FastifyReply>;

export type EndpointHandlers<E extends Record<string, EndpointDefinition>> = {
  [N in keyof E]: EndpointHandler<E[N]>;
};

/** Where only endpoint definitions may register routes. */
const API_PATH = /^\/(?:v3|vx|ads)\//;
/** The one route there that is no endpoint: the OpenAPI document, written from the definitions. */
const NOT_ENDPOINTS = new Set(['/v3/openapi.json']);

/**
 * Refuses, at registration, an API route registered other than from its definition: the
 * definitions stay the whole contract (the web client, the OpenAPI document and the proof suites
 * read them), and a route cannot slip in beside them.
 */
export function refuseUndefinedApiRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!API_PATH.test(route.url) || NOT_ENDPOINTS.has(route.url)) return;
    if (route.config?.endpoint !== undefined) return;
    throw new Error(
      `${String(route.method)} ${route.url} has no endpoint definition: define it in packages/shared/src/api and register it with registerEndpoints`,
    );
  });
}

/** A list endpoint's page as its queries take it: who asks, the bookmark and the page size. */
export function pageOptionsOf(call: { viewer: Viewer; query: PageQuery }): PageOptions {
  return { viewerId: call.viewer.userId, bookmark: call.query.bookmark, pageSize: call.query.page_size };
}

/** The Fastify form of a definition's path: `{id}` becomes `:id`. */
export function routePathOf(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

const requireSignedIn: preHandlerAsyncHookHandler = async (request) => {
  if (request.viewer.userId === null) throw new AppError('auth_required');
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The counter store rate limits count in (adapters/counters): in-process, or Redis. */
    counters: CounterStore;
  }
  interface FastifyContextConfig {
    /** The definition a route was registered from (its name in `endpoints`). */
    endpoint?: string;
    /** A definition's `crossOrigin`: pages of any site call it without credentials. */
    crossOrigin?: boolean;
  }
}

/** The hook that counts a call against its definition's rate limit, and refuses it when over. */
function rateLimitHook(name: string, definition: EndpointDefinition, rule: EndpointRateLimit) {
  if (!(rule.limit in RATE_LIMITS)) throw new Error(`${name}: no rate limit is named ${rule.limit}`);
  if (rule.by === 'viewer' && definition.access !== 'signedIn') {
    throw new Error(`${name}: a limit by viewer needs a signed-in endpoint`);
  }
  const limit = rule.limit as RateLimitName;
  const hook: preHandlerAsyncHookHandler = async function (request) {
    const subject = rule.by === 'address' ? byIp(request.ip) : byUser(request.viewer.userId as number);
    await enforceRateLimit(this.counters, limit, subject);
  };
  return hook;
}

/** What every answer of a `crossOrigin` endpoint says, its preflight's included. */
const ANY_ORIGIN = { 'access-control-allow-origin': '*' } as const;
/** A `crossOrigin` endpoint's preflight: its method, a JSON body, kept by the browser for a day. */
const preflightOf = (definition: EndpointDefinition) => ({
  ...ANY_ORIGIN,
  'access-control-allow-methods': definition.method,
  'access-control-allow-headers': 'content-type',
  'access-control-max-age': '86400',
});

/**
 * A `crossOrigin` call may send its JSON as `text/plain`: a page's `fetch(…, {keepalive: true})`
 * (a conversion tag's, sent as its page unloads) is then a simple request, which no browser
 * preflights — some never preflight a keepalive request at all. The text is read as JSON by
 * Fastify's own parser, with the same refusals (an empty or malformed body, prototype poisoning).
 */
function textBodyAsJson(app: FastifyInstance): preValidationAsyncHookHandler {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  return async (request) => {
    if (typeof request.body !== 'string') return;
    request.body = await new Promise((resolve, reject) =>
      parseJson(request, request.body as string, (error, value) => (error ? reject(error) : resolve(value))),
    );
  };
}

/**
 * Registers one route per definition, each with its handler. Requests are validated by the
 * definition's zod schemas; `signedIn` endpoints refuse visitors in one hook, after validation
 * (a malformed request is a 400 whoever sends it), then a named rate limit counts the call;
 * answers are written by a serializer compiled from the response schema (`lib/serializer.ts`).
 * A `crossOrigin` definition also gets its preflight (`OPTIONS`), and every answer, a refusal
 * included, allows any origin.
 */
export function registerEndpoints<E extends Record<string, EndpointDefinition>>(
  app: FastifyInstance,
  definitions: E,
  handlers: EndpointHandlers<E>,
): void {
  for (const [name, definition] of Object.entries(definitions)) {
    const handler = handlers[name] as EndpointHandler<EndpointDefinition>;
    const { cache } = definition;
    const visitorAnswers = cache?.visitorAnswers
      ? createSignedOutAnswers({ maxEntries: cache.visitorAnswers })
      : null;
    const preHandlers = [
      ...(definition.access === 'signedIn' ? [requireSignedIn] : []),
      ...(definition.rateLimit ? [rateLimitHook(name, definition, definition.rateLimit)] : []),
    ];
    const crossOrigin = definition.crossOrigin === true;
    if (crossOrigin) {
      app.route({
        method: 'OPTIONS',
        url: routePathOf(definition.path),
        config: { endpoint: name, crossOrigin },
        schema: { hide: true },
        handler: async (_request, reply) => reply.code(204).headers(preflightOf(definition)).send(),
      });
    }
    app.route({
      method: definition.method,
      url: routePathOf(definition.path),
      config: { endpoint: name, crossOrigin },
      // First among the route's hooks: a refusal (a malformed body, the rate limit) is readable by
      // the calling page too.
      ...(crossOrigin
        ? {
            onRequest: async (_request: FastifyRequest, reply: FastifyReply) => {
              reply.headers(ANY_ORIGIN);
            },
            preValidation: textBodyAsJson(app),
          }
        : {}),
      schema: {
        operationId: name,
        tags: [definition.tag],
        summary: definition.summary,
        ...(definition.params ? { params: definition.params } : {}),
        ...(definition.query ? { querystring: definition.query } : {}),
        ...(definition.body === 'multipart'
          ? { consumes: ['multipart/form-data'] }
          : definition.body
            ? { body: definition.body }
            : {}),
        response: {
          // A stream's events are its response schema's JSON, each a Server-Sent Event.
          200: definition.stream
            ? { content: { 'text/event-stream': { schema: definition.response } } }
            : envelopeOf(definition.response),
          '4xx': FailureEnvelopeSchema,
        },
      },
      preHandler: preHandlers.length > 0 ? preHandlers : undefined,
      handler: async (request, reply) => {
        if (cache?.control) reply.header('cache-control', cache.control);
        const call = {
          params: request.params,
          query: request.query,
          body: request.body,
          viewer: request.viewer,
          request,
          reply,
        } as EndpointCall<EndpointDefinition>;
        if (visitorAnswers) return visitorAnswers(request, reply, () => handler(call));
        return handler(call);
      },
    });
  }
}
