import { z } from 'zod';

/**
 * Account recovery calls (docs/product/accounts.md#rules). The answers: forgot_password's data
 * is always `{ sent: true }`, whether an account was found or not; reset_password's is
 * `LoginResultSchema` (`{ user: Viewer }`), because a successful reset signs the browser in.
 */

/** How long a password reset link works. */
export const RESET_TOKEN_TTL_MINUTES = 60;
/** Reset tokens are 32 random bytes, base64url (43 characters); the bounds leave room. */
export const RESET_TOKEN_MIN_LENGTH = 16;
export const RESET_TOKEN_MAX_LENGTH = 128;
/** Forgot-password requests allowed per hour, per account and per IP address. */
export const FORGOT_PASSWORD_LIMITS = { perAccountPerHour: 5, perIpPerHour: 20 } as const;

/** The experiment `forgot_password_type` picks the mail's wording; both send the same link. */
export const FORGOT_PASSWORD_TYPES = ['unified', 'reset'] as const;
export const ForgotPasswordTypeSchema = z.enum(FORGOT_PASSWORD_TYPES);
export type ForgotPasswordType = z.infer<typeof ForgotPasswordTypeSchema>;

/** `POST /v3/users/forgot_password/`. */
export const ForgotPasswordBodySchema = z.strictObject({
  username_or_email: z
    .string({ error: 'username_or_email_required' })
    .trim()
    .min(1, { error: 'username_or_email_required', abort: true })
    .max(254),
  type: ForgotPasswordTypeSchema,
});
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

/** The data of `POST /v3/users/forgot_password/`: the same for known and unknown accounts. */
export const ForgotPasswordResultSchema = z.object({ sent: z.literal(true) });
export type ForgotPasswordResult = z.infer<typeof ForgotPasswordResultSchema>;

/**
 * `POST /v3/users/reset_password/`. The password's rules are the server's (checkPassword with the
 * account's username and email), as at sign-up.
 */
export const ResetPasswordBodySchema = z.strictObject({
  token: z
    .string({ error: 'reset_token_invalid' })
    .min(RESET_TOKEN_MIN_LENGTH, { error: 'reset_token_invalid' })
    .max(RESET_TOKEN_MAX_LENGTH, { error: 'reset_token_invalid' }),
  password: z
    .string({ error: 'password_required' })
    .min(1, { error: 'password_required', abort: true })
    .max(256),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

/** The page a reset mail links to: `${PUBLIC_URL}${RESET_PASSWORD_PATH}?token=…`. */
export const RESET_PASSWORD_PATH = '/password/reset/';
