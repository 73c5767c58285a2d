import { z } from 'zod';

/** Where the sign-up/login modal appears (docs/product/accounts.md#screens). */
export const SIGNUP_CONTAINERS = [
  'login_page',
  'home_page',
  'save',
  'download',
  'follow',
  'pinBookmarklet',
  'revamped_business_login_page',
  'bottom.right.upsell.email',
] as const;
export const SignupContainerSchema = z.enum(SIGNUP_CONTAINERS);
export type SignupContainer = z.infer<typeof SignupContainerSchema>;

/** What led to the sign-up; picks the modal's title (docs/product/accounts.md#screens). */
export const SIGNUP_SOURCES = [
  'boardInvite',
  'saveButton',
  'saveButtonExp',
  'homePage',
  'pinBookmarklet',
  'downloadImageBtnDweb',
  'downloadImageBtnUnauth',
  'followButton',
  'commentComposer',
  'defaultSource',
] as const;
export const SignupSourceSchema = z.enum(SIGNUP_SOURCES);
export type SignupSource = z.infer<typeof SignupSourceSchema>;

/** The sign-up payload's `type` (docs/product/accounts.md#api-calls); only `email` is served for now. */
export const SIGNUP_TYPES = ['email', 'google', 'facebook', 'line', 'sso', 'google_one_tap'] as const;
export const SignupTypeSchema = z.enum(SIGNUP_TYPES);
export type SignupType = z.infer<typeof SignupTypeSchema>;

/** The genders a sign-up may give (docs/product/accounts.md#limits). */
export const GENDERS = ['female', 'male', 'unknown'] as const;
export const GenderSchema = z.enum(GENDERS);
export type Gender = z.infer<typeof GenderSchema>;

/** The modal's steps (docs/product/accounts.md#screens), also named by analytics events. */
export const AUTH_STEPS = [
  'signup',
  'respondMessage',
  'login',
  'personalizedLogin',
  'loginMfa',
  'socialSignupWithAge',
  'EmailCollection',
  'EmailAlreadyExist',
  'UnderageConfirmation',
  'consents',
] as const;
export const AuthStepSchema = z.enum(AUTH_STEPS);
export type AuthStep = z.infer<typeof AuthStepSchema>;

/** Login types that attempt/success/fail events carry (docs/product/accounts.md#login). */
export const LOGIN_TYPES = ['email', 'facebook', 'google_one_tap', 'line', 'sso', 'mfa'] as const;
export const LoginTypeSchema = z.enum(LOGIN_TYPES);
export type LoginType = z.infer<typeof LoginTypeSchema>;

/** Account-recovery modal codes (docs/product/accounts.md#account-recovery), e.g. the `aec` parameter. */
export const RECOVERY_MODAL_CODES = {
  softBanned: 0,
  rateLimited: 1,
  loginAssistance: 2,
  passwordResetSent: 3,
  preventFirstProviderRegister: 4,
  preventSecondProviderRegister: 5,
  suspended: 6,
} as const;
