import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FacebookLoginDataBodySchema,
  FacebookLoginDataSchema,
  FacebookProfileDataBodySchema,
  FacebookProfileDataSchema,
  SsoExchangeBodySchema,
  SsoExchangeResultSchema,
  SsoInfoBodySchema,
  SsoInfoSchema,
} from '@pinboard/shared';
import { ok } from '../../../lib/envelope.ts';
import { replies } from '../../../lib/route-schemas.ts';
import { getFacebookLoginData, getFacebookProfileData } from './facebook-data.service.ts';
import { browserBindingOf, browserHashOf } from './oidc-browser.ts';
import type { SocialDeps } from './social-verify.ts';
import { exchangeSsoCode, getSsoInfo } from '../sso/sso.service.ts';

/**
 * The provider lookups of spec 1 section 7 (Facebook's login and profile data, the SSO check and
 * code exchange). Visitors and signed-in people may call them;
 * each JSON call counts against the address's lookup limit (60 a minute, with the email checks).
 */
export function registerSocialRoutes(
  app: FastifyInstance,
  deps: SocialDeps & { secureCookies: boolean; publicUrl: string },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const send = (reply: FastifyReply, data: unknown) =>
    reply.header('cache-control', 'private, no-store').send(ok(data));

  api.post(
    '/v3/facebook/login_data/',
    {
      schema: {
        tags,
        summary: 'Whether a Facebook identity has an account here, and how else that account signs in',
        body: FacebookLoginDataBodySchema,
        response: replies(FacebookLoginDataSchema),
      },
    },
    async (request, reply) => {
      await deps.limits.assertEmailCheckAllowed(request.ip);
      return send(reply, await getFacebookLoginData(deps, request.body));
    },
  );

  api.post(
    '/v3/facebook/profile_data/',
    {
      schema: {
        tags,
        summary: "The profile of a Facebook access token's owner, for the sign-up form",
        body: FacebookProfileDataBodySchema,
        response: replies(FacebookProfileDataSchema),
      },
    },
    async (request, reply) => {
      await deps.limits.assertEmailCheckAllowed(request.ip);
      return send(reply, await getFacebookProfileData(deps, request.body));
    },
  );

  api.post(
    '/v3/sso/info/',
    {
      schema: {
        tags,
        summary: "Whether the email's domain signs in through its organisation; starts that sign-in",
        body: SsoInfoBodySchema,
        response: replies(SsoInfoSchema),
      },
    },
    async (request, reply) => {
      await deps.limits.assertEmailCheckAllowed(request.ip);
      const bindBrowser = () => browserBindingOf(request, reply, deps);
      return send(reply, await getSsoInfo(deps, request.body.email, bindBrowser));
    },
  );

  api.post(
    '/v3/sso/exchange/',
    {
      schema: {
        tags,
        summary: "Exchange the SSO popup's code for the organisation's ID token and who it names",
        body: SsoExchangeBodySchema,
        response: replies(SsoExchangeResultSchema),
      },
    },
    async (request, reply) => {
      await deps.limits.assertEmailCheckAllowed(request.ip);
      return send(reply, await exchangeSsoCode(deps, request.body, browserHashOf(request)));
    },
  );
}
