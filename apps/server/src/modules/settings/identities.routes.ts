import type { identitySettingsEndpoints } from '@pinboard/shared/api/settings';
import type { EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import { browserHashOf } from '../auth/social/oidc-browser.ts';
import type { SocialDeps } from '../auth/social/social-verify.ts';
import { setFirstPassword } from './first-password.service.ts';
import { getLinkedIdentities, linkIdentity, unlinkIdentity } from './identities.service.ts';

/** Connected providers in settings (decision 21), and the first password of an account made through one. */
export function identitySettingsRoutes(deps: SocialDeps): EndpointHandlers<typeof identitySettingsEndpoints> {
  return {
    getLinkedIdentities: async ({ viewer }) => ok(await getLinkedIdentities(deps, viewer.userId)),
    linkIdentity: async ({ body, viewer, request }) =>
      ok(await linkIdentity(deps, viewer.userId, body, browserHashOf(request), new Date())),
    unlinkIdentity: async ({ params, viewer }) =>
      ok(await unlinkIdentity(deps, viewer.userId, params.provider)),
    setFirstPassword: async ({ body, viewer }) => ok(await setFirstPassword(deps, viewer, body, new Date())),
  };
}
