import { z } from 'zod';
import { AUTH_LIMITS } from './limits.ts';

/**
 * The sign-up password rules the server supplies (`GET /v3/register/password_rules/`;
 * docs/product/accounts.md#sign-up): the modal asks for them rather than building them in.
 */
export const PasswordRulesSchema = z.object({
  min_length: z.number().int().min(1),
  ascii_only: z.boolean(),
  differ_from_username: z.boolean(),
  reject_common: z.boolean(),
});
export type PasswordRules = z.infer<typeof PasswordRulesSchema>;

export const DEFAULT_PASSWORD_RULES: PasswordRules = {
  min_length: AUTH_LIMITS.passwordMinLength,
  ascii_only: true,
  differ_from_username: true,
  reject_common: true,
};
