import { createHash, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import {
  createRemoteJWKSet,
  customFetch as joseCustomFetch,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
} from 'jose';
import type { SocialProvider } from '@pinboard/shared';
import type { Config, OidcClientSettings } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  completeFlow,
  consumeFlowNonce,
  deleteStaleFlows,
  findSsoClientSettings,
  findUsableFlowByNonce,
  insertFlow,
} from './flows.repository.ts';
import { callbackUrl, type IdentityProviders, type ProviderKey, type VerifiedIdentity } from './identity.ts';

/** How long a started flow may take, the birthday and email steps after it included. */
const FLOW_TTL_MS = 30 * 60 * 1000;
/** Discovery documents and key sets are fetched again after this long (or after a failure). */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const SCOPE = 'openid email profile';
const CLOCK_TOLERANCE_SECONDS = 60;
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'];

/** A fetch that answers from this process (the development issuer) instead of the network. */
export type InProcessFetch = (
  url: string,
  init: { method?: string; headers?: unknown; body?: unknown },
) => Promise<Response>;

interface Discovered {
  configuration: oidc.Configuration;
  keys: ReturnType<typeof createRemoteJWKSet>;
  at: number;
}

/**
 * The relying party of decision 21 over `openid-client` (code flow, PKCE, state, nonce) and `jose`
 * (every ID token's signature, issuer, audience and lifetime). Social providers use their
 * settings, or the development issuer when they have none; `sso:<domain>` uses the domain's row.
 */
/**
 * Whether a social provider's button can work on this deployment: configured by its settings, or
 * stood in for by the development identity provider (`standins`: it is registered).
 */
export function providerStatus(
  providers: Config['providers'],
  provider: SocialProvider,
  standins: boolean,
): { available: boolean; standin: boolean } {
  if (providers[provider]) return { available: true, standin: false };
  return standins ? { available: true, standin: true } : { available: false, standin: false };
}

export function createIdentityProviders(options: {
  config: Pick<Config, 'env' | 'publicUrl' | 'providers'>;
  db: Database;
  /** The development issuer and its clients, when stand-ins are on. */
  devIdp: { issuer: string; socialClient(provider: SocialProvider): OidcClientSettings } | null;
  inProcessFetch: InProcessFetch | null;
}): IdentityProviders {
  const { config, db, devIdp } = options;
  const discovered = new Map<string, Promise<Discovered>>();

  async function settingsOf(provider: ProviderKey): Promise<OidcClientSettings> {
    if (provider.startsWith('sso:')) {
      const settings = await findSsoClientSettings(db, provider.slice('sso:'.length));
      if (!settings) throw new AppError('sso_not_configured');
      return settings;
    }
    const social = provider as SocialProvider;
    const settings = config.providers[social] ?? devIdp?.socialClient(social);
    if (!settings) throw new AppError('signup_method_unavailable', { field: 'type' });
    return settings;
  }

  const isDevIssuer = (issuer: string) => devIdp !== null && issuer === devIdp.issuer;

  function discover(settings: OidcClientSettings): Promise<Discovered> {
    // The client's whole settings: the configuration carries the secret it authenticates with,
    // so an operator's new secret for an SSO domain is used from the next sign-in on.
    const secret = createHash('sha256').update(settings.clientSecret).digest('base64url');
    const key = `${settings.issuer} ${settings.clientId} ${secret}`;
    const cached = discovered.get(key);
    if (cached) {
      return cached.then((found) => {
        if (Date.now() - found.at < DISCOVERY_TTL_MS) return found;
        discovered.delete(key);
        return discover(settings);
      });
    }
    const inProcess = isDevIssuer(settings.issuer) ? options.inProcessFetch : null;
    const http = new URL(settings.issuer).protocol === 'http:';
    const pending = (async (): Promise<Discovered> => {
      const configuration = await oidc.discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        oidc.ClientSecretPost(settings.clientSecret),
        {
          ...(inProcess ? { [oidc.customFetch]: inProcess as oidc.CustomFetch } : {}),
          // Plain http only for the development issuer, or outside production.
          ...(http && (inProcess || config.env !== 'production')
            ? { execute: [oidc.allowInsecureRequests] }
            : {}),
        },
      );
      const jwksUri = configuration.serverMetadata().jwks_uri;
      if (!jwksUri) throw new Error(`${settings.issuer} publishes no jwks_uri`);
      const keys = createRemoteJWKSet(new URL(jwksUri), {
        ...(inProcess ? { [joseCustomFetch]: inProcess as never } : {}),
      });
      return { configuration, keys, at: Date.now() };
    })();
    discovered.set(key, pending);
    return pending.catch((error: unknown) => {
      discovered.delete(key);
      throw unavailable(error);
    });
  }

  /** An ID token's signature, issuer, audience and lifetime; its claims, or social_token_invalid. */
  async function verifySigned(
    settings: OidcClientSettings,
    found: Discovered,
    token: string,
  ): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(token, found.keys, {
        issuer: found.configuration.serverMetadata().issuer,
        audience: settings.clientId,
        algorithms: ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      return payload;
    } catch (error) {
      // The issuer's key set could not be fetched: the provider is down, not the token bad.
      if (error instanceof joseErrors.JWKSTimeout || error instanceof TypeError) throw unavailable(error);
      throw Object.assign(new AppError('social_token_invalid'), { cause: error });
    }
  }

  return {
    status: (provider) => providerStatus(config.providers, provider, devIdp !== null),

    redirectUri: (provider) => callbackUrl(config.publicUrl, provider),

    async startFlow({ provider, browserHash, purpose, params = {} }) {
      const settings = await settingsOf(provider);
      const found = await discover(settings);
      const now = new Date();
      const state = randomBytes(32).toString('base64url');
      const nonce = randomBytes(32).toString('base64url');
      const codeVerifier = oidc.randomPKCECodeVerifier();
      await deleteStaleFlows(db, new Date(now.getTime() - 24 * 60 * 60 * 1000));
      await insertFlow(db, {
        state,
        provider,
        nonce,
        codeVerifier,
        browserHash,
        purpose,
        expiresAt: new Date(now.getTime() + FLOW_TTL_MS),
      });
      const url = oidc.buildAuthorizationUrl(found.configuration, {
        // The stand-in shows its picker every time, so one browser can try several identities.
        ...(isDevIssuer(settings.issuer) ? { prompt: 'login' } : {}),
        ...params,
        redirect_uri: callbackUrl(config.publicUrl, provider),
        scope: SCOPE,
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { authorizationUrl: url.href, state };
    },

    async finishFlow({ provider, browserHash, query }) {
      const flow = query.state
        ? await completeFlow(db, { state: query.state, provider, browserHash, now: new Date() })
        : null;
      if (!flow) throw new AppError('oidc_state_invalid');
      const settings = await settingsOf(provider);
      const found = await discover(settings);
      const currentUrl = new URL(callbackUrl(config.publicUrl, provider));
      for (const [name, value] of Object.entries(query)) {
        if (value !== undefined) currentUrl.searchParams.set(name, value);
      }
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(found.configuration, currentUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw refusalOrOutage(error);
      }
      const idToken = tokens.id_token;
      if (!idToken) throw new AppError('social_token_invalid');
      const claims = await verifySigned(settings, found, idToken);
      if (claims.nonce !== flow.nonce) throw new AppError('social_token_invalid');
      return {
        provider,
        purpose: flow.purpose,
        idToken,
        accessToken: tokens.access_token,
        identity: identityOf(provider, claims),
      };
    },

    async verifyIdToken({ provider, idToken, browserHash }) {
      const settings = await settingsOf(provider);
      const claims = await verifySigned(settings, await discover(settings), idToken);
      const nonce = typeof claims.nonce === 'string' ? claims.nonce : null;
      const flow = nonce
        ? await findUsableFlowByNonce(db, { nonce, provider, browserHash, now: new Date() })
        : null;
      if (!flow || !nonce) throw new AppError('social_token_invalid');
      return { identity: identityOf(provider, claims), nonce };
    },

    async verifyAccessToken({ provider, accessToken, subject }) {
      const settings = await settingsOf(provider);
      const found = await discover(settings);
      try {
        const claims = await oidc.fetchUserInfo(
          found.configuration,
          accessToken,
          subject ?? oidc.skipSubjectCheck,
        );
        return identityOf(provider, { ...claims, iss: found.configuration.serverMetadata().issuer });
      } catch (error) {
        throw refusalOrOutage(error);
      }
    },

    consumeNonce: (tx, nonce, now) => consumeFlowNonce(tx, nonce, now),
  };
}

/** The claims every provider shares, as the product keeps them. */
function identityOf(provider: ProviderKey, claims: Record<string, unknown>): VerifiedIdentity {
  const text = (name: string) => (typeof claims[name] === 'string' ? (claims[name] as string).trim() : '');
  const email = text('email').toLowerCase();
  const birthdate = /^\d{4}-\d{2}-\d{2}$/.test(text('birthdate')) ? text('birthdate') : null;
  const gender = text('gender');
  return {
    provider,
    issuer: text('iss'),
    subject: text('sub'),
    // An address the provider says it has not verified is not taken as the person's.
    email: email && claims.email_verified !== false ? email : null,
    givenName: text('given_name'),
    familyName: text('family_name'),
    name: text('name'),
    birthdate,
    gender: gender === 'female' || gender === 'male' ? gender : gender ? 'unknown' : null,
    picture: text('picture') || null,
  };
}

/** The provider answered no (bad code, bad token): the sign-in is refused; anything else is an outage. */
function refusalOrOutage(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const refused =
    (error instanceof oidc.ResponseBodyError && error.status < 500) ||
    error instanceof oidc.AuthorizationResponseError ||
    error instanceof oidc.WWWAuthenticateChallengeError ||
    (error instanceof oidc.ClientError && !(error.cause instanceof TypeError));
  return refused ? Object.assign(new AppError('social_token_invalid'), { cause: error }) : unavailable(error);
}

function unavailable(error: unknown): AppError {
  return error instanceof AppError
    ? error
    : Object.assign(new AppError('provider_unavailable'), { cause: error });
}
