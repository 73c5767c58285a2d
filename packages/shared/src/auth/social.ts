import { z } from 'zod';
import { ProviderTokenSchema } from '../text.ts';
import { EmailSchema } from './email.ts';

/**
 * Social login and single sign-on (decision 21; docs/product/accounts.md). Every
 * provider is an OpenID Connect issuer; when one is not configured, the development identity
 * provider at `/__dev/idp` stands in for it (outside production).
 */

/** The first provider (facebook), the second (google) and the messaging app shown in Japan (line). */
export const SOCIAL_PROVIDERS = ['facebook', 'google', 'line'] as const;
export const SocialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof SocialProviderSchema>;

/** How people know each provider; the web shows these names ('Continue with Google'). */
export const PROVIDER_NAMES: Record<SocialProvider, string> = {
  facebook: 'Facebook',
  google: 'Google',
  line: 'LINE',
};

/**
 * The country whose visitors are offered the messaging-app provider (docs/product/accounts.md#social-login).
 */
export const LINE_COUNTRY = 'JP';

/** The popup reports back with these message types; the opener polls it every second. */
export const SOCIAL_CONNECT_MESSAGE = {
  complete: 'social-connect-complete',
  error: 'social-connect-error',
} as const;
export const SOCIAL_POPUP_POLL_MS = 1000;
/** The SSO popup's size (docs/product/accounts.md#sso) and its message type (ours). */
export const SSO_POPUP_SIZE = { width: 600, height: 600 } as const;
export const SSO_CALLBACK_MESSAGE = 'sso-callback';
/** Paths of the popups (web routes served by the server, not the app). */
export const connectPath = (provider: SocialProvider) => `/connect/${provider}/`;
export const SSO_CALLBACK_PATH = '/sso/callback/';
/** The one-tap 'Welcome' loading bar: 95% over 6000 ms (docs/product/accounts.md#limits). */
export const ONE_TAP_LOADING = { durationMs: 6000, percent: 95 } as const;

/**
 * What the popup posts to its opener when the provider said yes. Facebook's answer is its
 * `facebook_id` / `facebook_token` pair (an access token checked at the provider's userinfo
 * endpoint); the others send the ID token.
 */
export const SocialConnectCompleteSchema = z.object({
  type: z.literal(SOCIAL_CONNECT_MESSAGE.complete),
  provider: SocialProviderSchema,
  /** google and line (and the one-tap stand-in): the ID token the provider issued. */
  id_token: z.string().optional(),
  facebook_id: z.string().optional(),
  facebook_token: z.string().optional(),
});
export type SocialConnectComplete = z.infer<typeof SocialConnectCompleteSchema>;

/** Why a popup failed: the person said no, the provider is down, or the flow was not ours. */
export const SOCIAL_CONNECT_ERRORS = ['access_denied', 'provider_unavailable', 'invalid_flow'] as const;
export const SocialConnectErrorSchema = z.object({
  type: z.literal(SOCIAL_CONNECT_MESSAGE.error),
  provider: SocialProviderSchema,
  error: z.enum(SOCIAL_CONNECT_ERRORS),
});
export type SocialConnectError = z.infer<typeof SocialConnectErrorSchema>;

/** `GET /v3/auth/providers/`: which provider buttons can work on this server. */
export const ProviderStatusSchema = z.object({
  available: z.boolean(),
  /** Served by the development identity provider (the page says so). */
  standin: z.boolean(),
});
export const ProvidersResultSchema = z.object({
  facebook: ProviderStatusSchema,
  google: ProviderStatusSchema,
  line: ProviderStatusSchema,
});
export type ProvidersResult = z.infer<typeof ProvidersResultSchema>;

export const SocialTokenFields = {
  google_open_id_token: ProviderTokenSchema.optional(),
  line_id_token: ProviderTokenSchema.optional(),
  sso_id_token: ProviderTokenSchema.optional(),
  facebook_id: z.string().min(1).max(255).optional(),
  facebook_token: ProviderTokenSchema.optional(),
};

/** `POST /v3/facebook/login_data/` (docs/product/accounts.md#api-calls). */
export const FacebookLoginDataBodySchema = z.strictObject({
  facebook_id: z.string().min(1).max(255),
  facebook_token: ProviderTokenSchema,
});
export type FacebookLoginDataBody = z.infer<typeof FacebookLoginDataBodySchema>;
/** The login-data lookup; `is_fb_auth_only` derived: neither Google nor a password. */
export const FacebookLoginDataSchema = z.object({
  connected_to_gplus: z.boolean(),
  connected_to_google: z.boolean(),
  has_password: z.boolean(),
  is_fb_auth_only: z.boolean(),
  /** Whether an account here has this Facebook identity. */
  existing_user: z.boolean(),
});
export type FacebookLoginData = z.infer<typeof FacebookLoginDataSchema>;

/** `POST /v3/facebook/profile_data/` (docs/product/accounts.md#api-calls). */
export const FacebookProfileDataBodySchema = z.strictObject({
  access_token: ProviderTokenSchema,
  /** Send the birthday only as a date (no time of day): the product's flag. */
  pii_safe_birthday: z.boolean().optional(),
  /** Comma-separated field names to return; all of them when absent. */
  fields: z.string().max(512).optional(),
});
export type FacebookProfileDataBody = z.infer<typeof FacebookProfileDataBodySchema>;
/** What the first provider (Facebook) tells about the person signing up. */
export const FacebookProfileDataSchema = z.object({
  id: z.string(),
  access_token: z.string().optional(),
  email: z.string().nullable().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  gender: z.string().nullable().optional(),
  /** YYYY-MM-DD, or null when the person did not share it. */
  birthday: z.string().nullable().optional(),
  picture: z.string().nullable().optional(),
});
export type FacebookProfileData = z.infer<typeof FacebookProfileDataSchema>;

/** `POST /v3/sso/info/` (snake-case names; docs/product/accounts.md#sso). */
export const SsoInfoBodySchema = z.strictObject({ email: EmailSchema });
export type SsoInfoBody = z.infer<typeof SsoInfoBodySchema>;
export const SsoInfoSchema = z.object({
  is_sso: z.boolean(),
  existing_user: z.boolean(),
  existing_user_is_sso: z.boolean(),
  /** The organisation's authorization URL (state, nonce and PKCE already in it), or null. */
  authorization_uri: z.string().nullable(),
  /** Where the code goes: `/v3/sso/exchange/`. */
  exchange_code_to_token_info_url: z.string().nullable(),
  redirect_uri: z.string().nullable(),
});
export type SsoInfo = z.infer<typeof SsoInfoSchema>;

/** `POST /v3/sso/exchange/`: the code and state the SSO popup received. */
export const SsoExchangeBodySchema = z.strictObject({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(256),
  /** The provider's `iss` from the redirect (RFC 9207), when it sent one. */
  iss: z.string().min(1).max(2048).optional(),
});
export type SsoExchangeBody = z.infer<typeof SsoExchangeBodySchema>;
export const SsoExchangeResultSchema = z.object({
  sso_id: z.string(),
  sso_id_token: z.string(),
  sso_email: z.string().nullable(),
  sso_user_name: z.string().nullable(),
});
export type SsoExchangeResult = z.infer<typeof SsoExchangeResultSchema>;

/** 'Use QR code' login (docs/product/accounts.md#qr-login). */
export const QR_LOGIN_TTL_SECONDS = 120;
export const QR_LOGIN_POLL_MS = 2000;
export const qrApprovePath = (id: string) => `/login/qr/${id}`;
export const QrLoginStartSchema = z.object({
  id: z.string(),
  /** Kept by the screen that asked; the claim needs it. */
  secret: z.string(),
  /** The address the QR code holds (the approving device opens it). */
  url: z.string(),
  expires_at: z.string(),
});
export type QrLoginStart = z.infer<typeof QrLoginStartSchema>;
export const QrLoginClaimBodySchema = z.strictObject({ secret: z.string().min(1).max(256) });
export type QrLoginClaimBody = z.infer<typeof QrLoginClaimBodySchema>;
export const QR_LOGIN_STATUSES = ['pending', 'approved', 'denied', 'expired'] as const;
export const QrLoginStatusSchema = z.enum(QR_LOGIN_STATUSES);
/** What the approving device sees about the screen that asked. */
export const QrLoginRequestSchema = z.object({
  id: z.string(),
  status: QrLoginStatusSchema,
  user_agent: z.string().nullable(),
  country: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type QrLoginRequest = z.infer<typeof QrLoginRequestSchema>;

/** Settings: the providers connected to the account (`GET /v3/users/settings/identities/`). */
export const LinkedIdentitySchema = z.object({
  provider: z.string(),
  email: z.string().nullable(),
  created_at: z.string(),
});
export const LinkedIdentitiesSchema = z.object({
  identities: z.array(LinkedIdentitySchema),
  has_password: z.boolean(),
});
export type LinkedIdentities = z.infer<typeof LinkedIdentitiesSchema>;
/** `POST /v3/users/settings/identities/`: connect the provider whose popup just answered. */
export const LinkIdentityBodySchema = z.strictObject({
  provider: SocialProviderSchema,
  ...SocialTokenFields,
});
export type LinkIdentityBody = z.infer<typeof LinkIdentityBodySchema>;
