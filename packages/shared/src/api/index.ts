import { accountPreferenceEndpoints } from './account-settings.ts';
import { authEndpoints } from './auth.ts';
import { boardEndpoints } from './boards.ts';
import { commentEndpoints } from './comments.ts';
import { adsEndpoints, businessEndpoints } from './business.ts';
import { discoverEndpoints } from './discover.ts';
import { emailEndpoints } from './email.ts';
import { experimentEndpoints } from './experiments.ts';
import { messageEndpoints } from './messages.ts';
import { notificationEndpoints } from './notifications.ts';
import { offsiteEndpoints } from './offsite.ts';
import { peopleEndpoints } from './people.ts';
import { pinEndpoints } from './pins.ts';
import { reportEndpoints } from './reports.ts';
import { profileEndpoints } from './profile.ts';
import { searchEndpoints } from './search.ts';
import { settingsEndpoints } from './settings.ts';
import { userEndpoints } from './users.ts';
import type { EndpointDefinition, EndpointInput, EndpointOutput } from './endpoint.ts';

export * from './endpoint.ts';
export {
  accountPreferenceEndpoints,
  adsEndpoints,
  businessEndpoints,
  authEndpoints,
  boardEndpoints,
  commentEndpoints,
  discoverEndpoints,
  emailEndpoints,
  experimentEndpoints,
  messageEndpoints,
  notificationEndpoints,
  offsiteEndpoints,
  peopleEndpoints,
  pinEndpoints,
  reportEndpoints,
  profileEndpoints,
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
  ...accountPreferenceEndpoints,
  ...profileEndpoints,
  ...userEndpoints,
  ...peopleEndpoints,
  ...boardEndpoints,
  ...pinEndpoints,
  ...commentEndpoints,
  ...reportEndpoints,
  ...searchEndpoints,
  ...discoverEndpoints,
  ...offsiteEndpoints,
  ...experimentEndpoints,
  ...notificationEndpoints,
  ...emailEndpoints,
  ...messageEndpoints,
  ...businessEndpoints,
  ...adsEndpoints,
} satisfies Record<string, EndpointDefinition>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type InputOf<N extends EndpointName> = EndpointInput<Endpoints[N]>;
/** The endpoints answering one JSON envelope (every one but the event streams). */
export type JsonEndpointName = {
  [N in EndpointName]: Endpoints[N] extends { stream: 'events' } ? never : N;
}[EndpointName];
/** The endpoints answering a stream of Server-Sent Events. */
export type StreamEndpointName = Exclude<EndpointName, JsonEndpointName>;
export type OutputOf<N extends EndpointName> = EndpointOutput<Endpoints[N]>;
