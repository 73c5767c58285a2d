import { z } from 'zod';
import { BotCheckChallengeSchema } from '../auth/bot-check.ts';
import { AuthEventsBodySchema } from '../auth/events.ts';
import { PasswordRulesSchema } from '../auth/password-rules.ts';
import { QrLoginClaimResultSchema, QrLoginParamsSchema } from '../auth/qr-login.ts';
import {
  ForgotPasswordBodySchema,
  ForgotPasswordResultSchema,
  ResetPasswordBodySchema,
} from '../auth/recovery.ts';
import {
  EmailValidationQuerySchema,
  EmailValidationResultSchema,
  ExistsQuerySchema,
  LoginBodySchema,
  LoginResultSchema,
  RegisterBodySchema,
  RegisterResultSchema,
  SwitchAccountBodySchema,
} from '../auth/requests.ts';
import {
  FacebookLoginDataBodySchema,
  FacebookLoginDataSchema,
  FacebookProfileDataBodySchema,
  FacebookProfileDataSchema,
  ProvidersResultSchema,
  QrLoginClaimBodySchema,
  QrLoginRequestSchema,
  QrLoginStartSchema,
  SsoExchangeBodySchema,
  SsoExchangeResultSchema,
  SsoInfoBodySchema,
  SsoInfoSchema,
} from '../auth/social.ts';
import { defineEndpoint } from './endpoint.ts';

const tag = 'auth';
// The answers that sign a browser in or out, or carry a provider's tokens, are personal.
const personal = { control: 'private, no-store' } as const;

/** Signing up with email and password or a provider's token, and the sign-up form's helpers. */
export const signUpEndpoints = {
  signUp: defineEndpoint({
    method: 'POST',
    path: '/v3/register/',
    summary:
      "Sign up with email and password, or with a provider's token; signs the browser in (new_account false: a provider's known identity signed in)",
    tag,
    access: 'visitor',
    body: RegisterBodySchema,
    response: RegisterResultSchema,
    cache: personal,
  }),
  checkEmailExists: defineEndpoint({
    method: 'GET',
    path: '/v3/register/exists/',
    summary: 'Whether an account has this email (true: taken); 60 a minute per address',
    tag,
    access: 'visitor',
    query: ExistsQuerySchema,
    response: z.boolean(),
    rateLimit: { limit: 'email-check', by: 'address' },
  }),
  validateEmail: defineEndpoint({
    method: 'GET',
    path: '/v3/email/validation/',
    summary: 'Whether an email may sign up; 60 a minute per address',
    tag,
    access: 'visitor',
    query: EmailValidationQuerySchema,
    response: EmailValidationResultSchema,
    rateLimit: { limit: 'email-check', by: 'address' },
  }),
  getPasswordRules: defineEndpoint({
    method: 'GET',
    path: '/v3/register/password_rules/',
    summary: 'The sign-up password rules',
    tag,
    access: 'visitor',
    response: PasswordRulesSchema,
  }),
  getBotCheckChallenge: defineEndpoint({
    method: 'GET',
    path: '/v3/bot_check/challenge/',
    summary: 'The bot check in use, with a fresh ALTCHA challenge when it is ALTCHA',
    tag,
    access: 'visitor',
    response: BotCheckChallengeSchema,
    // A challenge is good for one solution only.
    cache: { control: 'no-store' },
  }),
  recordAuthEvents: defineEndpoint({
    method: 'POST',
    path: '/v3/events/',
    summary: 'Sign-up and login analytics events (stored)',
    tag,
    access: 'visitor',
    body: AuthEventsBodySchema,
    response: z.object({ stored: z.number().int() }),
    rateLimit: { limit: 'event-post', by: 'address' },
  }),
};

/** Logging in with a password or a provider's token. */
export const loginEndpoints = {
  logIn: defineEndpoint({
    method: 'POST',
    path: '/v3/login/',
    summary:
      "Log in with email (or username) and password, or with a provider's token; a new session every time",
    tag,
    access: 'visitor',
    body: LoginBodySchema,
    response: LoginResultSchema,
    cache: personal,
  }),
};

/** A forgotten password: the mailed link, and the new password set with it. */
export const recoveryEndpoints = {
  requestPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/v3/users/forgot_password/',
    summary: 'Mail a password reset link; the same answer whether the account exists or not',
    tag,
    access: 'visitor',
    body: ForgotPasswordBodySchema,
    response: ForgotPasswordResultSchema,
    cache: personal,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/v3/users/reset_password/',
    summary: 'Set a new password with a mailed token; ends every other session and signs in',
    tag,
    access: 'visitor',
    body: ResetPasswordBodySchema,
    response: LoginResultSchema,
    cache: personal,
  }),
};

/** Ending this browser's session, and switching between the accounts signed in on it. */
export const sessionEndpoints = {
  logOut: defineEndpoint({
    method: 'POST',
    path: '/v3/logout/',
    summary: 'Log out: ends the session on the server; the browser stays recognised',
    tag,
    access: 'visitor',
    response: LoginResultSchema,
    cache: personal,
  }),
  switchAccount: defineEndpoint({
    method: 'POST',
    path: '/v3/users/me/switch/',
    summary: 'Switch to another account signed in on this browser',
    tag,
    access: 'signedIn',
    body: SwitchAccountBodySchema,
    response: LoginResultSchema,
    cache: personal,
  }),
};

/**
 * The social providers: which of them can sign people in, and Facebook's lookups. Each lookup
 * counts against the address's limit of 60 a minute, with the email checks.
 */
export const socialEndpoints = {
  getAuthProviders: defineEndpoint({
    method: 'GET',
    path: '/v3/auth/providers/',
    summary: 'Which social providers can sign people in here, and which are development stand-ins',
    tag,
    access: 'visitor',
    response: ProvidersResultSchema,
  }),
  getFacebookLoginData: defineEndpoint({
    method: 'POST',
    path: '/v3/facebook/login_data/',
    summary: 'Whether a Facebook identity has an account here, and how else that account signs in',
    tag,
    access: 'visitor',
    body: FacebookLoginDataBodySchema,
    response: FacebookLoginDataSchema,
    cache: personal,
    rateLimit: { limit: 'email-check', by: 'address' },
  }),
  getFacebookProfileData: defineEndpoint({
    method: 'POST',
    path: '/v3/facebook/profile_data/',
    summary: "The profile of a Facebook access token's owner, for the sign-up form",
    tag,
    access: 'visitor',
    body: FacebookProfileDataBodySchema,
    response: FacebookProfileDataSchema,
    cache: personal,
    rateLimit: { limit: 'email-check', by: 'address' },
  }),
};

// Both single sign-on calls: a visitor's POST with a personal answer, under the email checks' limit.
const ssoCall = {
  method: 'POST',
  tag,
  access: 'visitor',
  cache: personal,
  rateLimit: { limit: 'email-check', by: 'address' },
} as const;

/** Single sign-on through a person's organisation, found by their email's domain. */
export const ssoEndpoints = {
  getSsoInfo: defineEndpoint({
    ...ssoCall,
    path: '/v3/sso/info/',
    summary: "Whether the email's domain signs in through its organisation; starts that sign-in",
    body: SsoInfoBodySchema,
    response: SsoInfoSchema,
  }),
  exchangeSsoCode: defineEndpoint({
    ...ssoCall,
    path: '/v3/sso/exchange/',
    summary: "Exchange the SSO popup's code for the organisation's ID token and who it names",
    body: SsoExchangeBodySchema,
    response: SsoExchangeResultSchema,
  }),
};

/**
 * 'Use QR code' login: a visitor's screen asks for a code, a signed-in device approves or denies
 * it, and the screen's poll claims the session once.
 */
export const qrLoginEndpoints = {
  startQrLogin: defineEndpoint({
    method: 'POST',
    path: '/v3/login/qr/',
    summary: 'Start a QR code login (visitors, under the experiment web_login_qr_code)',
    tag,
    access: 'visitor',
    response: QrLoginStartSchema,
    cache: personal,
  }),
  getQrLogin: defineEndpoint({
    method: 'GET',
    path: '/v3/login/qr/{id}/',
    summary: 'What asks to log in with this QR code, for the signed-in device that scanned it',
    tag,
    access: 'signedIn',
    params: QrLoginParamsSchema,
    response: QrLoginRequestSchema,
    cache: personal,
  }),
  approveQrLogin: defineEndpoint({
    method: 'POST',
    path: '/v3/login/qr/{id}/approve/',
    summary: 'Approve a QR code login: the screen that shows it signs in as the viewer',
    tag,
    access: 'signedIn',
    params: QrLoginParamsSchema,
    response: QrLoginRequestSchema,
    cache: personal,
  }),
  denyQrLogin: defineEndpoint({
    method: 'POST',
    path: '/v3/login/qr/{id}/deny/',
    summary: 'Deny a QR code login',
    tag,
    access: 'signedIn',
    params: QrLoginParamsSchema,
    response: QrLoginRequestSchema,
    cache: personal,
  }),
  claimQrLogin: defineEndpoint({
    method: 'POST',
    path: '/v3/login/qr/{id}/claim/',
    summary: "The asking screen's poll: signs it in once the code is approved",
    tag,
    access: 'visitor',
    params: QrLoginParamsSchema,
    body: QrLoginClaimBodySchema,
    response: QrLoginClaimResultSchema,
    cache: personal,
  }),
};

/** Sign-up, login, recovery, social login, SSO and QR login. */
export const authEndpoints = {
  ...signUpEndpoints,
  ...loginEndpoints,
  ...recoveryEndpoints,
  ...sessionEndpoints,
  ...socialEndpoints,
  ...ssoEndpoints,
  ...qrLoginEndpoints,
};
