import type { BotCheck } from '../../adapters/botcheck/index.ts';
import type { IdentityProviders } from '../../adapters/identity/identity.ts';
import type { CountryResolver } from '../../adapters/geoip/country.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { AuthLimits } from './auth.policy.ts';
import type { BrowserAuthCookies } from './sessions/sessions.service.ts';
import type { Viewer } from '../../plugins/viewer.ts';

/** What the sign-in services need from the app. */
export interface AuthDeps {
  db: Database;
  config: Pick<Config, 'consentCountries'>;
  limits: AuthLimits;
  botCheck: BotCheck;
  countries: CountryResolver;
  /** Social providers and SSO domains (decision 21). */
  identity: IdentityProviders;
}

/** The facts about one request a sign-in service decides with. */
export interface AuthRequest {
  viewer: Viewer;
  cookies: BrowserAuthCookies;
  ip: string;
  country: string;
  userAgent: string | undefined;
  now: Date;
}
