import { boardEndpoints } from './boards.ts';
import type { EndpointDefinition, EndpointInput, EndpointOutput } from './endpoint.ts';

export * from './endpoint.ts';
export { boardEndpoints };

/**
 * Every API call of the product, by name. The server registers one route per entry (a route
 * without an entry cannot be registered under `/v3/`), the web calls them by name through
 * `apps/web/src/api/endpoints.ts`, and `GET /v3/openapi.json` is written from them.
 */
export const endpoints = {
  ...boardEndpoints,
} satisfies Record<string, EndpointDefinition>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type InputOf<N extends EndpointName> = EndpointInput<Endpoints[N]>;
export type OutputOf<N extends EndpointName> = EndpointOutput<Endpoints[N]>;
