import type { socialEndpoints } from '@pinboard/shared/api/auth';
import type { EndpointHandlers } from '../../../lib/endpoints.ts';
import { ok } from '../../../lib/envelope.ts';
import { getFacebookLoginData, getFacebookProfileData } from './facebook-data.service.ts';
import { listProviders } from './providers.service.ts';
import type { SocialDeps } from './social-verify.ts';

/**
 * The providers the web may offer, and Facebook's login and profile data. Visitors and signed-in
 * people may call them; each lookup counts against the address's lookup limit (60 a minute, with
 * the email checks).
 */
export function socialRoutes(deps: SocialDeps): EndpointHandlers<typeof socialEndpoints> {
  const { identity } = deps;
  return {
    getAuthProviders: async () => ok(listProviders(identity)),
    getFacebookLoginData: async ({ body }) => ok(await getFacebookLoginData(deps, body)),
    getFacebookProfileData: async ({ body }) => ok(await getFacebookProfileData(deps, body)),
  };
}
