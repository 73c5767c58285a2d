import { bigint, date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Sign-in identities from outside providers (decision 21). Keyed by (provider, subject), never by
 * email: an address a provider reports never joins an existing account by itself. `provider` is
 * facebook, google, line, apple, or `sso:<domain>` for single sign-on by email domain.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's `sub`: stable for one person at one issuer. */
    subject: text('subject').notNull(),
    /** The issuer that vouched for the subject when the identity was linked. */
    issuer: text('issuer').notNull(),
    /** The address the provider reported at link time, for the settings page only. */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_identities_provider_subject_key').on(t.provider, t.subject),
    uniqueIndex('user_identities_user_provider_key').on(t.userId, t.provider),
  ],
);

/**
 * One authorization-code flow with a provider (decision 21): the state, nonce and PKCE verifier a
 * browser started, bound to that browser by the SHA-256 of its `oidc_browser` cookie. `completed_at`
 * is set when the code was exchanged; `consumed_at` when an ID token carrying the nonce signed
 * someone in (single use).
 */
export const oidcFlows = pgTable(
  'oidc_flows',
  {
    /** The `state` parameter: 32 random bytes, base64url. */
    state: text('state').primaryKey(),
    /** facebook, google, line, or `sso:<domain>`. */
    provider: text('provider').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    browserHash: text('browser_hash').notNull(),
    /** login (sign-up or login), link (settings), one_tap. */
    purpose: text('purpose', { enum: ['login', 'link', 'one_tap'] })
      .notNull()
      .default('login'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('oidc_flows_nonce_key').on(t.nonce),
    index('oidc_flows_expires_at_idx').on(t.expiresAt),
  ],
);

/** Email domains whose people sign in through their organisation's OpenID provider (admin `sso-domain add`). */
export const ssoDomains = pgTable('sso_domains', {
  /** Lower-case, e.g. acme.com. */
  domain: text('domain').primaryKey(),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecret: text('client_secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * 'Use QR code' logins: a signed-out screen shows `id` as a QR code; a signed-in device approves
 * it; the screen that holds the secret (stored as SHA-256) then claims the session once.
 */
export const qrLogins = pgTable(
  'qr_logins',
  {
    id: text('id').primaryKey(),
    secretHash: text('secret_hash').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'denied', 'claimed'] })
      .notNull()
      .default('pending'),
    approvedUserId: bigint('approved_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'cascade',
    }),
    /** What the approving device is shown about the screen asking. */
    requestIp: text('request_ip'),
    userAgent: text('user_agent'),
    country: text('country'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('qr_logins_expires_at_idx').on(t.expiresAt)],
);

/** People of the development identity provider at `/__dev/idp` (a stand-in; decision 21). */
export const devIdpIdentities = pgTable('dev_idp_identities', {
  subject: text('subject').primaryKey(),
  name: text('name').notNull(),
  givenName: text('given_name').notNull().default(''),
  familyName: text('family_name').notNull().default(''),
  email: text('email'),
  birthdate: date('birthdate'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
