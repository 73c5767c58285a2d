import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { UserSummarySchema } from './users.ts';

/**
 * What the browser may show about a known account before a full login
 * (docs/product/accounts.md#login): the 'Welcome back' screen and the header's account menu.
 */
export const ViewerInfoSchema = z.object({
  firstName: z.string(),
  imageUrl: z.string().nullable(),
  /** Null for accounts made without one (seeded or imported). */
  email: z.string().nullable(),
  hasPassword: z.boolean(),
  connectedToFacebook: z.boolean(),
  connectedToGoogle: z.boolean(),
  /** False while the email waits for its confirmation link (decision 46): the app shows a banner. */
  emailVerified: z.boolean().optional(),
  /** Sent for LIMITED_LOGIN only: the recognised account's name for the 'Not you?' switch. */
  username: z.string().optional(),
});
export type ViewerInfo = z.infer<typeof ViewerInfoSchema>;

/** Where the viewer is, as the session answer's client_context (docs/product/accounts.md#api-calls). */
export const ClientContextSchema = z.object({
  /** ISO 3166-1 alpha-2, upper case: the trusted header's, the address's, else US. */
  country: z.string(),
  country_from_hostname: z.string().nullable(),
  country_from_ip: z.string().nullable(),
  region_from_ip: z.string().nullable(),
});
export type ClientContext = z.infer<typeof ClientContextSchema>;

/** One account signed in on this browser, for the account switcher (docs/product/accounts.md#api-calls). */
export const StoredAccountSchema = z.object({
  id: IdSchema,
  username: z.string(),
  email: z.string().nullable(),
  fullName: z.string(),
  imageMediumUrl: z.string().nullable(),
  imageLargeUrl: z.string().nullable(),
  partner: z.object({ is_create: z.boolean() }).optional(),
});
export type StoredAccount = z.infer<typeof StoredAccountSchema>;

/**
 * Who is looking, as `GET /v3/users/me/` (and login and register, inside LoginResult) answers.
 * UNAUTH is a visitor; LIMITED_LOGIN a recognised returning browser that is logged out (`info`
 * set, `user` null); AUTH a full login (`user` and `info` set). `type` and `user` keep the
 * meaning they had before sign-in existed, so the browsing pages read them unchanged.
 */
export const ViewerSchema = z.object({
  type: z.enum(['UNAUTH', 'LIMITED_LOGIN', 'AUTH']),
  isAuth: z.boolean(),
  isPartner: z.boolean(),
  /** The account's id: the signed-in one for AUTH, the recognised one for LIMITED_LOGIN. */
  id: IdSchema.nullable(),
  /** ISO 8601, when the account was made; null for UNAUTH. */
  createdAt: z.string().nullable(),
  /** The signed-in user; null unless AUTH. */
  user: UserSummarySchema.nullable(),
  /** Null for UNAUTH. */
  info: ViewerInfoSchema.nullable(),
  client_context: ClientContextSchema,
  /** The viewer's country is in the configured consent list, so sign-up shows the consent step. */
  requires_consent: z.boolean(),
  /** The other accounts signed in on this browser (never the current one); empty unless AUTH. */
  accounts: z.array(StoredAccountSchema),
  /** Groups of notifications not yet seen (capped at 100); 0 unless AUTH. */
  unread_notifications: z.number().int().min(0),
  /** Conversations (and message requests) with a message not yet read (capped at 100); 0 unless AUTH. */
  unread_conversations: z.number().int().min(0),
});
export type Viewer = z.infer<typeof ViewerSchema>;
export type ViewerType = Viewer['type'];
