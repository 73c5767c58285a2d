import { getCountries } from 'libphonenumber-js/min';
import { z } from 'zod';
import { GenderSchema } from './auth/enums.ts';
import { UserSettingsSchema } from './users.ts';

/**
 * Account, privacy and notification settings (decision 46): `GET|PATCH /v3/users/settings/`
 * and `GET|PUT /v3/users/settings/notifications/`. Not re-exported from the package index (it reads
 * libphonenumber's country list): import it as `@pinboard/shared/account-settings`.
 */

/**
 * The languages a person may choose (BCP 47 tags). The interface speaks English for now; the
 * choice is kept for mail and for the translations to come.
 */
export const LANGUAGES = ['en-US', 'en-GB', 'de', 'es', 'fr', 'it', 'ja', 'ko', 'nl', 'pt-BR'] as const;
export type Language = (typeof LANGUAGES)[number];

/** ISO 3166-1 alpha-2 regions a person may live in (those with a telephone numbering plan). */
export const COUNTRIES: readonly string[] = getCountries();
const COUNTRY_SET = new Set(COUNTRIES);

/** A birthday as a calendar day, `YYYY-MM-DD` (what a date field gives). */
export const BirthdayDaySchema = z
  .string({ error: 'birthday_invalid' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'birthday_invalid', abort: true })
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), { error: 'birthday_invalid' });

/** Unix seconds at UTC midnight of a `YYYY-MM-DD` day: the sign-up rules' form of a birthday. */
export const birthdaySecondsOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** The privacy switches (`/settings/privacy`, `/settings/profile-visibility`), all on or off. */
export const PRIVACY_KEYS = [
  'hide_from_search_engines',
  'personalize_from_activity',
  'personalize_ads_from_partners',
  'personalize_ads_from_visited_sites',
] as const;
export type PrivacyKey = (typeof PRIVACY_KEYS)[number];

/** Each switch's value for a person who never changed it. */
export const PRIVACY_DEFAULTS: Record<PrivacyKey, boolean> = {
  hide_from_search_engines: false,
  personalize_from_activity: true,
  personalize_ads_from_partners: true,
  personalize_ads_from_visited_sites: true,
};

/** `GET /v3/users/settings/`: the pin-create page's facts, then the account's own settings. */
export const AccountSettingsSchema = UserSettingsSchema.extend({
  email: z.string().nullable(),
  /** False while the address waits for its confirmation link to be opened. */
  email_verified: z.boolean(),
  locale: z.string().nullable(),
  country: z.string().nullable(),
  gender: GenderSchema.nullable(),
  /** `YYYY-MM-DD`, or null when never given. */
  birthday: z.string().nullable(),
  hide_from_search_engines: z.boolean(),
  personalize_from_activity: z.boolean(),
  personalize_ads_from_partners: z.boolean(),
  personalize_ads_from_visited_sites: z.boolean(),
});
export type AccountSettings = z.infer<typeof AccountSettingsSchema>;

/**
 * `PATCH /v3/users/settings/`: any of the fields. The birthday follows the sign-up rules (a
 * minimum age by country, at most 120 years), checked on the server with the account's country.
 */
export const AccountSettingsPatchSchema = z.strictObject({
  locale: z.enum(LANGUAGES, { error: 'locale_invalid' }).optional(),
  country: z
    .string({ error: 'country_invalid' })
    .refine((code) => COUNTRY_SET.has(code), { error: 'country_invalid' })
    .optional(),
  gender: GenderSchema.optional(),
  birthday: BirthdayDaySchema.optional(),
  hide_from_search_engines: z.boolean().optional(),
  personalize_from_activity: z.boolean().optional(),
  personalize_ads_from_partners: z.boolean().optional(),
  personalize_ads_from_visited_sites: z.boolean().optional(),
});
export type AccountSettingsPatch = z.infer<typeof AccountSettingsPatchSchema>;

/**
 * What a person hears about, by category (decision 46). Mail and push notifications
 * read these; a category never changed has its default.
 */
export const NOTIFICATION_CATEGORIES = [
  'activity', // saves of your pins and follows of you or your boards
  'comments',
  'messages',
  'invitations',
  'product_news',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** How often mail of a category goes out: never, as it happens, or gathered in a daily digest. */
export const EMAIL_FREQUENCIES = ['off', 'instant', 'daily'] as const;
export const EmailFrequencySchema = z.enum(EMAIL_FREQUENCIES);
export type EmailFrequency = z.infer<typeof EmailFrequencySchema>;

export const NotificationChoiceSchema = z.strictObject({ email: EmailFrequencySchema, push: z.boolean() });
export type NotificationChoice = z.infer<typeof NotificationChoiceSchema>;

export const NOTIFICATION_DEFAULTS: Record<NotificationCategory, NotificationChoice> = {
  activity: { email: 'daily', push: true },
  comments: { email: 'instant', push: true },
  messages: { email: 'instant', push: true },
  invitations: { email: 'instant', push: true },
  // News of the product is asked for, never assumed.
  product_news: { email: 'off', push: false },
};

/** `GET /v3/users/settings/notifications/`: every category's choice. */
export const NotificationSettingsSchema = z.object(
  Object.fromEntries(NOTIFICATION_CATEGORIES.map((category) => [category, NotificationChoiceSchema])) as {
    [K in NotificationCategory]: typeof NotificationChoiceSchema;
  },
);
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** `PUT /v3/users/settings/notifications/`: the categories to change (the others stay). */
export const NotificationSettingsBodySchema = NotificationSettingsSchema.partial().strict();
export type NotificationSettingsBody = z.infer<typeof NotificationSettingsBodySchema>;

/** How long an email confirmation link works (decision 46). */
export const EMAIL_VERIFICATION_TTL_HOURS = 72;
/** The web page a confirmation mail links to (with `?token=`), and where a bad link leads. */
export const EMAIL_VERIFY_PATH = '/email/verify/';
export const EMAIL_VERIFICATION_ERROR_PATH = '/email_verification_error/';
/** Why a confirmation link failed, as `/email_verification_error/?reason=` says. */
export const EMAIL_VERIFICATION_FAILURES = ['invalid', 'expired', 'used'] as const;
export type EmailVerificationFailure = (typeof EMAIL_VERIFICATION_FAILURES)[number];

/** `POST /v3/users/email/verify/`: the token of a confirmation link. */
export const VerifyEmailBodySchema = z.strictObject({
  token: z
    .string({ error: 'email_verification_invalid' })
    .min(1)
    .max(200, { error: 'email_verification_invalid' }),
});
export type VerifyEmailBody = z.infer<typeof VerifyEmailBodySchema>;
export const VerifyEmailResultSchema = z.object({ email: z.string() });
export type VerifyEmailResult = z.infer<typeof VerifyEmailResultSchema>;

/** `POST /v3/users/settings/email/verification/`: a new link went to the address. */
export const EmailVerificationSentSchema = z.object({ email: z.string() });
export type EmailVerificationSent = z.infer<typeof EmailVerificationSentSchema>;
