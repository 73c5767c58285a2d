import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import Provider, { type AdapterConstructor, type AdapterPayload, type ClientMetadata } from 'oidc-provider';
// oidc-provider's own in-memory store; the package has no exports map, so its files are importable.
// @ts-expect-error -- no type declarations for this file
import MemoryAdapter from 'oidc-provider/lib/adapters/memory_adapter.js';
import { SOCIAL_PROVIDERS, type SocialProvider } from '@pinboard/shared';
import { callbackUrl } from '../../adapters/identity/identity.ts';
import type { Config, OidcClientSettings } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { loadDevIdpKey } from './dev-idp-keys.ts';
import { registerDevIdpPages } from './dev-idp-pages.ts';
import { findDevIdentity, findDevSsoClient } from './dev-idp.repository.ts';

/** Where the development identity provider is mounted outside production when a provider has no settings. */
export const DEV_IDP_PATH = '/__dev/idp';

export interface DevIdp {
  issuer: string;
  /** The client a stood-in social provider signs in with. */
  socialClient(provider: SocialProvider): OidcClientSettings;
}

/** The client id of a stood-in social provider at the development issuer. */
export const devClientId = (provider: SocialProvider) => `pinboard-${provider}`;

/**
 * The development identity provider (decision 21): a real OpenID Provider (`oidc-provider`) at
 * `/__dev/idp`, one issuer with a client per stood-in social provider and, for SSO domains an
 * operator registered with this issuer, their own clients. People sign in on its own page by
 * picking an identity or typing a new one. Registered only when `config.devStandins` is on.
 */
export async function registerDevIdp(
  app: FastifyInstance,
  options: { config: Config; db: Database; sessionSecret: string; log: FastifyBaseLogger },
): Promise<DevIdp> {
  const { config, db, sessionSecret } = options;
  const issuer = `${config.publicUrl}${DEV_IDP_PATH}`;
  const secretOf = (clientId: string) =>
    createHmac('sha256', sessionSecret).update(`dev-idp-client:${clientId}`).digest('base64url');
  const socialClient = (provider: SocialProvider): OidcClientSettings => ({
    issuer,
    clientId: devClientId(provider),
    clientSecret: secretOf(devClientId(provider)),
  });

  const clientMetadata = (clientId: string, clientSecret: string, redirectUri: string): ClientMetadata => ({
    client_id: clientId,
    client_secret: clientSecret,
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_post',
  });
  const findClient = async (clientId: string): Promise<ClientMetadata | undefined> => {
    const social = SOCIAL_PROVIDERS.find((provider) => devClientId(provider) === clientId);
    if (social) return clientMetadata(clientId, secretOf(clientId), callbackUrl(config.publicUrl, social));
    const sso = await findDevSsoClient(db, issuer, clientId);
    return sso
      ? clientMetadata(clientId, sso.clientSecret, callbackUrl(config.publicUrl, `sso:${sso.domain}`))
      : undefined;
  };

  class DevIdpAdapter extends MemoryAdapter {
    declare model: string;
    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client') return findClient(id);
      return super.find(id);
    }
  }

  const provider = new Provider(issuer, {
    adapter: DevIdpAdapter as unknown as AdapterConstructor,
    jwks: { keys: [await loadDevIdpKey(config.dataDir)] },
    cookies: { keys: [sessionSecret] },
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'birthdate', 'gender'],
    },
    // Like Google's, its ID tokens carry the profile and email claims, not only `sub`.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 3600,
      IdToken: 3600,
      Interaction: 3600,
      Grant: 3600,
      Session: 86_400,
    },
    interactions: { url: (_ctx, interaction) => `${DEV_IDP_PATH}/interaction/${interaction.uid}` },
    async findAccount(_ctx, subject) {
      const person = await findDevIdentity(db, subject);
      if (!person) return undefined;
      return {
        accountId: subject,
        claims: () => ({
          sub: subject,
          name: person.name,
          given_name: person.givenName,
          family_name: person.familyName,
          ...(person.email ? { email: person.email, email_verified: true } : {}),
          ...(person.birthdate ? { birthdate: person.birthdate } : {}),
        }),
      };
    },
  });
  // Behind the app's own proxy settings: the protocol and host come from the forwarded headers.
  provider.proxy = true;
  provider.on('server_error', (_ctx, error) => options.log.error({ err: error }, 'dev identity provider'));
  const handle = provider.callback();

  registerDevIdpPages(app, { provider, db, issuer, socialClientIds: SOCIAL_PROVIDERS.map(devClientId) });

  // Every other path under the mount goes to the provider itself, before Fastify reads the body
  // (the token endpoint takes form posts), so the reply is handed over in onRequest.
  app.route({
    method: ['GET', 'POST', 'OPTIONS'],
    url: `${DEV_IDP_PATH}/*`,
    schema: { hide: true },
    onRequest(request, reply, done) {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(DEV_IDP_PATH.length) || '/';
      handle(raw, reply.raw);
      done();
    },
    handler: async () => undefined,
  });

  return { issuer, socialClient };
}
