import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SOCIAL_CONNECT_MESSAGE,
  SSO_CALLBACK_PATH,
  SocialProviderSchema,
  type SocialConnectComplete,
  type SocialConnectError,
  type SocialProvider,
} from '@pinboard/shared';
import type { FinishedFlow, IdentityProviders } from '../../../adapters/identity/identity.ts';
import { AppError } from '../../../lib/app-error.ts';
import { popupPage } from './popup-page.ts';
import { browserBindingOf, browserHashOf } from './oidc-browser.ts';
import { ssoCallbackMessage, type SsoCallbackMessage } from '../sso/sso-callback-page.ts';

const PurposeQuerySchema = z.object({ purpose: z.enum(['login', 'link', 'one_tap']).default('login') });
/** Whatever the provider sends back; openid-client checks it (state, iss, code or error). */
const CallbackQuerySchema = z.record(z.string(), z.string().max(4096));

/**
 * The provider popups of decision 21 (`/connect/{provider}/`, docs/product/accounts.md#social-login) and the page the
 * SSO popup ends on: HTML pages, not API calls.
 */
export function registerConnectRoutes(
  app: FastifyInstance,
  deps: { identity: IdentityProviders; publicUrl: string; secureCookies: boolean },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { identity } = deps;
  const origin = new URL(deps.publicUrl).origin;
  const answer = (
    reply: FastifyReply,
    message: SocialConnectComplete | SocialConnectError | SsoCallbackMessage,
  ) => {
    const page = popupPage({ message, targetOrigin: origin });
    return reply.headers(page.headers).type('text/html; charset=utf-8').send(page.html);
  };
  const failure = (provider: SocialProvider, error: SocialConnectError['error']): SocialConnectError => ({
    type: SOCIAL_CONNECT_MESSAGE.error,
    provider,
    error,
  });

  api.get(
    '/connect/:provider/',
    {
      schema: {
        hide: true,
        params: z.object({ provider: SocialProviderSchema }),
        querystring: PurposeQuerySchema,
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      try {
        const { authorizationUrl } = await identity.startFlow({
          provider,
          purpose: request.query.purpose,
          browserHash: browserBindingOf(request, reply, deps),
        });
        return reply.header('cache-control', 'no-store').redirect(authorizationUrl, 302);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        request.log.warn({ err: error.cause ?? error, provider }, 'social sign-in could not start');
        return answer(reply, failure(provider, 'provider_unavailable'));
      }
    },
  );

  api.get(
    '/connect/:provider/callback/',
    {
      schema: {
        hide: true,
        params: z.object({ provider: SocialProviderSchema }),
        querystring: CallbackQuerySchema,
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const query = request.query;
      if (query.error) {
        return answer(
          reply,
          failure(provider, query.error === 'access_denied' ? 'access_denied' : 'invalid_flow'),
        );
      }
      const browserHash = browserHashOf(request);
      if (!browserHash) return answer(reply, failure(provider, 'invalid_flow'));
      let finished: FinishedFlow;
      try {
        finished = await identity.finishFlow({ provider, browserHash, query });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        request.log.warn({ err: error.cause ?? error, provider }, 'social sign-in refused');
        return answer(
          reply,
          failure(provider, error.code === 'provider_unavailable' ? 'provider_unavailable' : 'invalid_flow'),
        );
      }
      return answer(reply, completeMessage(provider, finished));
    },
  );

  // The SSO popup only relays the code: the page that opened it exchanges it (`/v3/sso/exchange/`).
  api.get(
    SSO_CALLBACK_PATH,
    { schema: { hide: true, querystring: CallbackQuerySchema } },
    async (request, reply) => answer(reply, ssoCallbackMessage(request.query)),
  );
}

/** Facebook hands over its id and access token (the product's pair); the others their ID token. */
function completeMessage(provider: SocialProvider, finished: FinishedFlow): SocialConnectComplete {
  const message: SocialConnectComplete = { type: SOCIAL_CONNECT_MESSAGE.complete, provider };
  if (provider === 'facebook') {
    message.facebook_id = finished.identity.subject;
    message.facebook_token = finished.accessToken;
  } else {
    message.id_token = finished.idToken;
  }
  return message;
}
