import { z } from 'zod';
import { ProviderTokenSchema } from '../text.ts';
import { IdSchema } from '../ids.ts';
import { ViewerSchema } from '../viewer.ts';
import { ConsentStateSchema } from './consents.ts';
import { EmailSchema } from './email.ts';
import { GenderSchema, SignupContainerSchema, SignupSourceSchema } from './enums.ts';
import { AUTH_LIMITS } from './limits.ts';
import { BackupCodeSchema, MfaCodeSchema } from './mfa.ts';

/** Long enough for any passphrase, short enough that hashing one costs nothing unusual. */
const PASSWORD_MAX_LENGTH = 256;
/** A bot-check token: an ALTCHA payload (a few hundred characters) or a reCAPTCHA token (~2 kB). */
const BotCheckTokenSchema = z.string().max(8192);
/** A same-site path or URL the browser came from; checked again by safeNextPath before use. */
const UrlTextSchema = z.string().max(2048);

const PasswordFieldSchema = z
  .string({ error: 'password_required' })
  .min(1, { error: 'password_required', abort: true })
  .max(PASSWORD_MAX_LENGTH);

/** Fields every sign-up takes, whatever its type (docs/product/accounts.md#api-calls). */
const SignupCommonFields = {
  /** Unix seconds (UTC midnight of the day the person entered). */
  birthday: z.number({ error: 'birthday_invalid' }).int({ error: 'birthday_invalid' }).optional(),
  first_name: z
    .string()
    .trim()
    .max(AUTH_LIMITS.firstNameMaxLength, { error: 'first_name_too_long' })
    .optional(),
  last_name: z.string().trim().max(100).optional(),
  /** ISO 3166-1 alpha-2; the server uses its own idea of the country for the rules. */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  gender: GenderSchema.optional(),
  birthday_source_site: z.string().max(64).optional(),
  email_source_site: z.string().max(64).optional(),
  /** The bot-check token, ALTCHA or reCAPTCHA (the name is the product's). */
  recaptchaV3Token: BotCheckTokenSchema.optional(),
  kr_privacy_consent_opt_in: z.boolean().optional(),
  marketing_notifs_opt_out: z.boolean().optional(),
  /** Required (all four required boxes ticked) when the viewer's `requires_consent` is true. */
  consents: ConsentStateSchema.optional(),
  signup_source: SignupSourceSchema.optional(),
  container: SignupContainerSchema.optional(),
  next: UrlTextSchema.optional(),
};

/**
 * `POST /v3/register/` with email and password. The password's rules and the birthday's are the
 * server's (checkPassword, checkBirthday), because they depend on the configured rules and the
 * viewer's country; `birthday` is optional here so the server can answer age_missing or
 * birthday_required.
 */
export const EmailRegisterBodySchema = z.strictObject({
  type: z.literal('email'),
  email: EmailSchema,
  password: PasswordFieldSchema,
  ...SignupCommonFields,
});
export type EmailRegisterBody = z.infer<typeof EmailRegisterBodySchema>;

/**
 * A sign-up through a provider (decision 21): the provider's token proves the identity; `email` is
 * taken only when the provider gave none (EmailCollection), `birthday` when it gave none
 * (socialSignupWithAge).
 */
const socialRegister = <const Type extends string, Fields extends z.ZodRawShape>(
  type: Type,
  fields: Fields,
) =>
  z.strictObject({ type: z.literal(type), email: EmailSchema.optional(), ...fields, ...SignupCommonFields });
export const SocialRegisterBodySchema = z.discriminatedUnion('type', [
  socialRegister('google', { google_open_id_token: ProviderTokenSchema }),
  socialRegister('google_one_tap', { google_open_id_token: ProviderTokenSchema }),
  socialRegister('facebook', {
    facebook_id: z.string().min(1).max(255),
    facebook_token: ProviderTokenSchema,
  }),
  socialRegister('line', { line_id_token: ProviderTokenSchema }),
  socialRegister('sso', { sso_id_token: ProviderTokenSchema }),
]);
export type SocialRegisterBody = z.infer<typeof SocialRegisterBodySchema>;

/** `POST /v3/register/`: by email, or through a provider (docs/product/accounts.md#api-calls). */
export const RegisterBodySchema = z.discriminatedUnion('type', [
  EmailRegisterBodySchema,
  ...SocialRegisterBodySchema.options,
]);
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

/** The social credentials of `POST /v3/login/`; one of them replaces username_or_email and password. */
const SOCIAL_LOGIN_FIELDS = [
  'google_open_id_token',
  'line_id_token',
  'sso_id_token',
  'facebook_token',
] as const;

/**
 * `POST /v3/login/` (docs/product/accounts.md#api-calls): username_or_email and password, or one
 * provider's token (decision 21).
 */
export const LoginBodySchema = z
  .strictObject({
    username_or_email: z
      .string({ error: 'username_or_email_required' })
      .trim()
      .min(1, { error: 'username_or_email_required', abort: true })
      .max(254)
      .optional(),
    password: PasswordFieldSchema.optional(),
    google_open_id_token: ProviderTokenSchema.optional(),
    line_id_token: ProviderTokenSchema.optional(),
    sso_id_token: ProviderTokenSchema.optional(),
    /** The address the SSO check was made for; the token's own email decides. */
    sso_user_email: z.string().max(254).optional(),
    facebook_id: z.string().min(1).max(255).optional(),
    facebook_token: ProviderTokenSchema.optional(),
    facebook_autologin: z.boolean().optional(),
    recaptchaV3Token: BotCheckTokenSchema.optional(),
    recaptchaV2Token: BotCheckTokenSchema.optional(),
    get_user: z.boolean().optional(),
    /** Keep the current session in this browser's account group and add this one beside it. */
    switch_account: z.boolean().optional(),
    app_type_from_client: z.union([z.literal(5), z.literal(7)]).optional(),
    referrer: UrlTextSchema.optional(),
    visited_pages_before_login: z.number().int().min(0).optional(),
    container: SignupContainerSchema.optional(),
    /**
     * Two-factor login: after a `mfa_required` answer the same credentials come again
     * with the texted code, or with a backup code; `mfa_resend: true` texts a new code instead.
     */
    mfa_token: MfaCodeSchema.optional(),
    mfa_resend: z.boolean().optional(),
    backup_code: BackupCodeSchema.optional(),
  })
  .superRefine((body, context) => {
    if (isSocialLogin(body)) return;
    if (body.username_or_email === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['username_or_email'],
        message: 'username_or_email_required',
      });
    }
    if (body.password === undefined) {
      context.addIssue({ code: 'custom', path: ['password'], message: 'password_required' });
    }
  });
export type LoginBody = z.infer<typeof LoginBodySchema>;
/** A login with username_or_email and password (the schema requires both when no token came). */
export type PasswordLoginBody = LoginBody & { username_or_email: string; password: string };

/** Whether a login body carries username_or_email and password rather than a provider's token. */
export function isPasswordLogin(body: LoginBody): body is PasswordLoginBody {
  return !isSocialLogin(body);
}

/** Whether a login body carries a provider's token rather than a password. */
export function isSocialLogin(body: Partial<Record<(typeof SOCIAL_LOGIN_FIELDS)[number], unknown>>): boolean {
  return SOCIAL_LOGIN_FIELDS.some((field) => body[field] !== undefined);
}

/** `GET /v3/register/exists/?email=`; the answer's data is a boolean (true: taken). */
export const ExistsQuerySchema = z.strictObject({ email: EmailSchema });
export type ExistsQuery = z.infer<typeof ExistsQuerySchema>;

/**
 * `GET /v3/email/validation/?email=`. Any text is asked about, so a bad address answers
 * `is_valid: false` rather than an error.
 */
export const EmailValidationQuerySchema = z.strictObject({
  email: z
    .string({ error: 'email_required' })
    .trim()
    .min(1, { error: 'email_required', abort: true })
    .max(1024),
});
export type EmailValidationQuery = z.infer<typeof EmailValidationQuerySchema>;

export const EmailValidationResultSchema = z.object({ is_valid: z.boolean() });
export type EmailValidationResult = z.infer<typeof EmailValidationResultSchema>;

/**
 * The data of `POST /v3/register/` and `POST /v3/login/` (the web reads `data.user`;
 * docs/product/accounts.md#api-calls).
 */
export const LoginResultSchema = z.object({ user: ViewerSchema });
export type LoginResult = z.infer<typeof LoginResultSchema>;

/**
 * The data of `POST /v3/register/`: the viewer, and `new_account`, true when this call made the
 * account. False when a provider's identity that already had an account signed it in instead (a
 * one-tap of a known person, a repeated sign-up): the web then treats it as a login, with no
 * sign-up steps after it (decision 47).
 */
export const RegisterResultSchema = LoginResultSchema.extend({ new_account: z.boolean() });
export type RegisterResult = z.infer<typeof RegisterResultSchema>;

/** `POST /v3/users/me/switch/`: move to another account signed in on this browser. */
export const SwitchAccountBodySchema = z.strictObject({ user_id: IdSchema });
export type SwitchAccountBody = z.infer<typeof SwitchAccountBodySchema>;
