import { parsePhoneNumberWithError } from 'libphonenumber-js/min';
import { z } from 'zod';
import { EmailSchema } from './auth/email.ts';
import { MfaCodeSchema } from './auth/mfa.ts';

/**
 * Account security settings (`/v3/users/settings/...`). Not re-exported from the package
 * index: `libphonenumber-js` (~80 kB with its metadata) must only reach the web's lazy settings
 * chunks, so import this module as `@pinboard/shared/settings`.
 */

const PASSWORD_MAX_LENGTH = 256;
const passwordField = (code: 'password_required' | 'current_password_incorrect') =>
  z.string({ error: code }).min(1, { error: code, abort: true }).max(PASSWORD_MAX_LENGTH);

/** The password asked again before a sensitive change; a wrong one answers `reauth_failed`. */
const ReauthPasswordSchema = z
  .string({ error: 'reauth_failed' })
  .min(1, { error: 'reauth_failed', abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: 'reauth_failed' });

/** Returns the E.164 form of a phone number typed with its country code, or null. */
export function toE164(input: string): string | null {
  try {
    const parsed = parsePhoneNumberWithError(input.trim());
    return parsed.isValid() ? parsed.number : null;
  } catch {
    return null;
  }
}

/** A phone number with its country code, normalised to E.164 (`+14155550100`). */
export const PhoneNumberSchema = z
  .string({ error: 'phone_invalid' })
  .max(40, { error: 'phone_invalid' })
  .transform((value, ctx) => {
    const e164 = toE164(value);
    if (e164 === null) {
      ctx.addIssue({ code: 'custom', message: 'phone_invalid' });
      return z.NEVER;
    }
    return e164;
  });

/** `POST /v3/users/settings/password/`. The new password follows the sign-up rules (server). */
export const ChangePasswordBodySchema = z.strictObject({
  current_password: passwordField('current_password_incorrect'),
  new_password: passwordField('password_required'),
  end_other_sessions: z.boolean(),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/**
 * `POST /v3/users/settings/password/first/`: the first password of an account made through a
 * provider (it has none to ask again), within 10 minutes of signing in (decision 21).
 */
export const FirstPasswordBodySchema = ChangePasswordBodySchema.omit({ current_password: true });
export type FirstPasswordBody = z.infer<typeof FirstPasswordBodySchema>;

/**
 * `POST /v3/users/settings/email/`: the new address by the sign-up rules (the server also refuses
 * the product's name, the current address and one another account has) and the password again.
 */
export const ChangeEmailBodySchema = z.strictObject({
  email: EmailSchema,
  password: ReauthPasswordSchema,
});
export type ChangeEmailBody = z.infer<typeof ChangeEmailBodySchema>;

/** The password alone, asked again (`password` in the bodies below). */
export const ReauthBodySchema = z.strictObject({ password: ReauthPasswordSchema });
export type ReauthBody = z.infer<typeof ReauthBodySchema>;

/** `POST /v3/users/settings/phone/`: texts a confirmation code to the number. */
export const PhoneStartBodySchema = z.strictObject({
  phone_number: PhoneNumberSchema,
  password: ReauthPasswordSchema,
});
export type PhoneStartBody = z.infer<typeof PhoneStartBodySchema>;

/** The answer of the phone start: where the code went (last four digits only). */
export const PhoneStartResultSchema = z.object({ phone_number_end: z.string() });
export type PhoneStartResult = z.infer<typeof PhoneStartResultSchema>;

/** `POST /v3/users/settings/phone/confirm/`. */
export const PhoneConfirmBodySchema = z.strictObject({ code: MfaCodeSchema });
export type PhoneConfirmBody = z.infer<typeof PhoneConfirmBodySchema>;

/** `DELETE /v3/users/settings/phone/` (also turns two-factor off). */
export const PhoneRemoveBodySchema = ReauthBodySchema;
export type PhoneRemoveBody = ReauthBody;

/** `PUT /v3/users/settings/two_factor/`; enabling needs a confirmed phone (`phone_not_confirmed`). */
export const TwoFactorBodySchema = z.strictObject({
  enabled: z.boolean(),
  password: ReauthPasswordSchema,
});
export type TwoFactorBody = z.infer<typeof TwoFactorBodySchema>;

/** `POST /v3/users/settings/backup_codes/` takes `ReauthBodySchema` and answers a new set. */
export const BackupCodesResultSchema = z.object({ codes: z.array(z.string()) });
export type BackupCodesResult = z.infer<typeof BackupCodesResultSchema>;

/** One signed-in session, `GET /v3/users/settings/sessions/` (a list, newest first). */
export const SessionSummarySchema = z.object({
  /** Opaque; for `DELETE /v3/users/settings/sessions/{id}/`. */
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string().optional(),
  user_agent: z.string(),
  ip: z.string(),
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof SessionSummarySchema>;
export const SessionListSchema = z.array(SessionSummarySchema);

/** `POST /v3/users/settings/sessions/logout_all/`: ends every other session (and this one too). */
export const LogoutAllBodySchema = z.strictObject({ include_current: z.boolean().optional() });
export type LogoutAllBody = z.infer<typeof LogoutAllBodySchema>;
/** Its answer: how many sessions were ended. */
export const LogoutAllResultSchema = z.object({ ended: z.number().int() });
export type LogoutAllResult = z.infer<typeof LogoutAllResultSchema>;

/** `GET /v3/users/settings/security/`. */
export const AccountSecuritySchema = z.object({
  email: z.string(),
  has_password: z.boolean(),
  /** The last four digits of the phone number, or null without one. */
  phone_number_end: z.string().nullable(),
  phone_confirmed: z.boolean(),
  two_factor_enabled: z.boolean(),
  backup_codes_left: z.number().int(),
});
export type AccountSecurity = z.infer<typeof AccountSecuritySchema>;

/** `POST /v3/users/settings/close/`: deactivate (reversible by support) or close (deleted). */
export const CloseAccountBodySchema = z.strictObject({
  password: ReauthPasswordSchema,
  mode: z.enum(['deactivate', 'close']),
});
export type CloseAccountBody = z.infer<typeof CloseAccountBodySchema>;

/** The answer of the close call; the browser is signed out either way. */
export const CloseAccountResultSchema = z.object({ mode: z.enum(['deactivate', 'close']) });
export type CloseAccountResult = z.infer<typeof CloseAccountResultSchema>;
