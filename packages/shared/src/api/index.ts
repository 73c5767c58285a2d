import { authEndpoints } from './auth.ts';
import { boardEndpoints } from './boards.ts';
import { discoverEndpoints } from './discover.ts';
import { experimentEndpoints } from './experiments.ts';
import { offsiteEndpoints } from './offsite.ts';
import { pinEndpoints } from './pins.ts';
import { searchEndpoints } from './search.ts';
import { settingsEndpoints } from './settings.ts';
import { userEndpoints } from './users.ts';
import type { EndpointDefinition, EndpointInput, EndpointOutput } from './endpoint.ts';

export * from './endpoint.ts';
export {
  authEndpoints,
  boardEndpoints,
  discoverEndpoints,
  experimentEndpoints,
  offsiteEndpoints,
  pinEndpoints,
  searchEndpoints,
  settingsEndpoints,
  userEndpoints,
};

/**
 * Every API call of the product, by name. The server registers one route per entry (a route
 * without an entry cannot be registered under `/v3/`), the web calls them by name through
 * `apps/web/src/api/endpoints.ts`, and `GET /v3/openapi.json` is written from them.
 */
export const endpoints = {
  ...authEndpoints,
  ...settingsEndpoints,
  ...userEndpoints,
  ...boardEndpoints,
  ...pinEndpoints,
  ...searchEndpoints,
  ...discoverEndpoints,
  ...offsiteEndpoints,
  ...experimentEndpoints,
} satisfies Record<string, EndpointDefinition>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type InputOf<N extends EndpointName> = EndpointInput<Endpoints[N]>;
export type OutputOf<N extends EndpointName> = EndpointOutput<Endpoints[N]>;
