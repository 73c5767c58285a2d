import type { ssoEndpoints } from '@pinboard/shared/api/auth';
import type { EndpointHandlers } from '../../../lib/endpoints.ts';
import { ok } from '../../../lib/envelope.ts';
import { browserBindingOf, browserHashOf } from '../social/oidc-browser.ts';
import type { SocialDeps } from '../social/social-verify.ts';
import { exchangeSsoCode, getSsoInfo } from './sso.service.ts';

/**
 * The SSO check by email and the exchange of the popup's code. Each counts against the address's
 * lookup limit (60 a minute, with the email checks).
 */
export function ssoRoutes(
  deps: SocialDeps & { secureCookies: boolean },
): EndpointHandlers<typeof ssoEndpoints> {
  return {
    getSsoInfo: async ({ body, request, reply }) => {
      const bindBrowser = () => browserBindingOf(request, reply, deps);
      return ok(await getSsoInfo(deps, body.email, bindBrowser));
    },
    exchangeSsoCode: async ({ body, request }) => {
      return ok(await exchangeSsoCode(deps, body, browserHashOf(request)));
    },
  };
}
