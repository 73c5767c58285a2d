import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type {
  EndpointName,
  InputOf,
  JsonEndpointName,
  OutputOf,
  StreamEndpointName,
} from '@pinboard/shared/api';
// The path helper alone: the definitions' index would bring every zod schema into the bundle.
import { fillEndpointPath } from '@pinboard/shared/api/endpoint';
import { apiClient, type ApiResult, type QueryValue } from './client.ts';
import { endpointRoutes } from './endpoints.gen.ts';

export interface CallOptions {
  signal?: AbortSignal;
}

/** An endpoint's arguments: its input may be left out when every part of it is optional. */
type CallArgs<N extends EndpointName> =
  object extends InputOf<N>
    ? [input?: InputOf<N>, options?: CallOptions]
    : [input: InputOf<N>, options?: CallOptions];

/** Calls an endpoint by name: its path filled from `params`, `query` and `body` as it defines them. */
export function callEndpoint<N extends JsonEndpointName>(name: N, ...[input, options]: CallArgs<N>) {
  const route = endpointRoutes[name];
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, QueryValue>;
    body?: unknown;
  };
  return apiClient.request<OutputOf<N>>(route.method, fillEndpointPath(route.path, params), {
    query,
    body,
    signal: options?.signal,
  });
}

/** Part of an endpoint's input: some of its parts, each with some of its fields. */
type PartialInput<N extends EndpointName> = { [P in keyof InputOf<N>]?: Partial<InputOf<N>[P]> };

/**
 * An endpoint's query key: its name, then its input. A key with part of the input is a prefix
 * TanStack Query matches against every fuller one (`['listBoardPins', { params: { id } }]`
 * invalidates every page size and bookmark of that board's pins; `['getSectionBySlug',
 * { params: { id } }]` every section of that board by slug).
 */
export function endpointKey<N extends EndpointName>(name: N, input?: PartialInput<N>): QueryKey {
  return input === undefined ? [name] : [name, input];
}

/** The query options of an endpoint's answer (its `data`), for `useQuery` and prefetching. */
export function endpointQuery<N extends JsonEndpointName>(name: N, ...[input]: CallArgs<N>) {
  return queryOptions({
    // A whole input is a partial one; TypeScript cannot see that for every name at once.
    queryKey: endpointKey(name, input as PartialInput<N> | undefined),
    queryFn: async ({ signal }) =>
      (await callEndpoint(name, ...([input, { signal }] as CallArgs<N>))).data as OutputOf<N>,
  });
}

type Api = { [N in JsonEndpointName]: (...args: CallArgs<N>) => Promise<ApiResult<OutputOf<N>>> };
type Queries = { [N in JsonEndpointName]: (...args: CallArgs<N>) => ReturnType<typeof endpointQuery<N>> };

// `api` and `queries` are built per name at run time: TypeScript cannot relate the map over every
// name to each name's own signature once their inputs differ, hence the casts through `unknown`.
// A stream is opened with `EventSource` (`streamUrl`), never called as JSON.
const names = Object.entries(endpointRoutes)
  .filter(([, route]) => !('stream' in route))
  .map(([name]) => name) as JsonEndpointName[];

/** The address of an event stream, for `new EventSource(...)`. */
export function streamUrl(name: StreamEndpointName): string {
  return endpointRoutes[name].path;
}

/** One function per endpoint: `api.getBoard({ params: { id } })`. */
export const api = Object.fromEntries(
  names.map((name) => [name, (...args: CallArgs<typeof name>) => callEndpoint(name, ...args)]),
) as unknown as Api;

/** One query-options factory per endpoint: `useQuery(queries.getBoard({ params: { id } }))`. */
export const queries = Object.fromEntries(
  names.map((name) => [name, (...args: CallArgs<typeof name>) => endpointQuery(name, ...args)]),
) as unknown as Queries;
