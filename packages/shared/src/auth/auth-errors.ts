import type { ErrorEntry } from '../errors.ts';

/**
 * Sign-up and login failures (apiCodes 100-149; docs/product/accounts.md#messages). Messages are the
 * product's words; the few the product does not give are ours and marked. Spread into ERRORS.
 */
export const AUTH_ERRORS = {
  email_required: {
    status: 400,
    apiCode: 100,
    message: "You missed a spot! Don't forget to add your email.",
    field: 'email',
  },
  email_invalid_format: {
    status: 400,
    apiCode: 101,
    message: "Hmm...that doesn't look like an email address.",
    field: 'email',
  },
  email_excluded_domain: {
    status: 400,
    apiCode: 102,
    message: "Sorry, this doesn't look like a valid email",
    field: 'email',
  },
  email_invalid: { status: 400, apiCode: 103, message: 'Your email is invalid.', field: 'email' },
  email_contains_product_name: {
    status: 400,
    apiCode: 104,
    message: 'Please stick to your name, or the name of your brand',
    field: 'email',
  },
  // Ours: the product logs an existing email in or offers login instead of naming this failure.
  email_taken: {
    status: 409,
    apiCode: 105,
    message: 'An account with this email already exists. Log in instead.',
    field: 'email',
  },
  // Ours, after the product's email text.
  password_required: {
    status: 400,
    apiCode: 110,
    message: "You missed a spot! Don't forget to add your password.",
    field: 'password',
  },
  password_too_short: {
    status: 400,
    apiCode: 111,
    message: 'Your password is too short! You need 8+ characters.',
    field: 'password',
  },
  password_not_ascii: {
    status: 400,
    apiCode: 112,
    message: 'Use only a mix of letters, numbers and special characters (for example: ?, !, $).',
    field: 'password',
  },
  password_same_as_username: {
    status: 400,
    apiCode: 113,
    message: 'Please make your username and password different.',
    field: 'password',
  },
  password_weak: {
    status: 400,
    apiCode: 114,
    message: 'Please make a stronger password.',
    field: 'password',
  },
  birthday_required: {
    status: 400,
    apiCode: 120,
    message: "You missed a spot. Don't forget to add your birthday.",
    field: 'birthday',
  },
  birthday_invalid: { status: 400, apiCode: 121, message: 'Invalid date', field: 'birthday' },
  underage: {
    status: 400,
    apiCode: 122,
    message: "Sorry, you're not eligible to sign up for Pinboard right now.",
    field: 'birthday',
  },
  age_missing: {
    status: 400,
    apiCode: 123,
    message: 'We need to know your age to provide you this service.',
    field: 'birthday',
  },
  overage: {
    status: 400,
    apiCode: 124,
    message: 'Oops! Please use a valid age to sign up.',
    field: 'birthday',
  },
  // Ours: the product gives the 30-character limit but no text.
  first_name_too_long: {
    status: 400,
    apiCode: 125,
    message: 'Your first name can have at most 30 characters.',
    field: 'first_name',
  },
  consent_required: {
    status: 400,
    apiCode: 126,
    message: "Before you can create an account, you'll need to agree to the required terms below.",
    field: 'consents',
  },
  // Ours: the product refreshes the token silently and shows no text.
  bot_check_failed: {
    status: 400,
    apiCode: 127,
    message: "We couldn't check that you're a person. Please try again.",
    field: 'recaptchaV3Token',
  },
  // Ours: the product's modal redirects an AUTH viewer at once; the API still needs an answer.
  already_logged_in: { status: 400, apiCode: 128, message: "You're already logged in." },
  // Ours: a provider that is neither configured nor stood in for (production without its settings).
  signup_method_unavailable: {
    status: 400,
    apiCode: 129,
    message: "This way of signing up isn't available. Continue with email.",
    field: 'type',
  },
  // One answer for an unknown account and a wrong password, so logins cannot probe for accounts.
  login_password_incorrect: {
    status: 401,
    apiCode: 130,
    message: 'The password you entered is incorrect. Try again or Reset your password',
    field: 'password',
  },
  login_password_invalid: {
    status: 400,
    apiCode: 131,
    message: 'The password you entered is incorrect.',
    field: 'password',
  },
  login_rate_limited: {
    status: 429,
    apiCode: 132,
    message:
      'Oops! Too many login attempts – You have reached the maximum number of login attempts. Try again in 30 minutes.',
  },
  login_too_quick: {
    status: 429,
    apiCode: 133,
    message: 'Oops! You logged in too quickly. Please try again with the reCAPTCHA.',
  },
  // Told only after a correct password, for the same reason as login_password_incorrect.
  account_suspended: { status: 403, apiCode: 134, message: "Sorry, we can't log you in." },
  account_deactivated: { status: 403, apiCode: 135, message: "Sorry, we can't log you in." },
  signup_failed: { status: 500, apiCode: 136, message: 'Sorry! Something went wrong on our end.' },
  username_or_email_required: {
    status: 400,
    apiCode: 137,
    message: "You missed a spot! Don't forget to add your email.",
    field: 'username_or_email',
  },
  // Account recovery, apiCodes 140-149.
  // Ours: the product shows no text for a bad reset link.
  reset_token_invalid: {
    status: 400,
    apiCode: 140,
    message: 'This link to reset your password has expired or was already used. Ask for a new one.',
    field: 'token',
  },
  // The product's text, two spaces included. The web opens the soft-banned recovery modal (code 0).
  account_soft_banned: {
    status: 403,
    apiCode: 141,
    message:
      'We noticed some strange activity on your account.  Reset your password or log in with Facebook or Google to get back into your account.',
  },
  // Ours: 5 requests per account and 20 per IP in an hour.
  forgot_password_rate_limited: {
    status: 429,
    apiCode: 142,
    message: 'You asked for too many emails. Try again in an hour.',
  },
  // Two-factor login, apiCodes 150-159. `mfa_required` carries `error.data`
  // (`MfaRequiredData`: phone_number_end). Ours unless the product gives the text (151, 152).
  mfa_required: { status: 401, apiCode: 150, message: 'Enter the code we texted you.', field: 'mfa_token' },
  mfa_code_required: {
    status: 400,
    apiCode: 151,
    message: "You missed a spot! Don't forget to add your verification code.",
    field: 'mfa_token',
  },
  mfa_code_invalid_format: {
    status: 400,
    apiCode: 152,
    message: "Hmm...that doesn't look like a verification code.",
    field: 'mfa_token',
  },
  mfa_code_incorrect: {
    status: 401,
    apiCode: 153,
    message: "That code isn't right. Check it and try again.",
    field: 'mfa_token',
  },
  mfa_code_expired: {
    status: 401,
    apiCode: 154,
    message: 'That code has expired. Ask for a new one.',
    field: 'mfa_token',
  },
  mfa_send_limited: {
    status: 429,
    apiCode: 155,
    message: "We've sent too many codes to this number. Try again in an hour.",
  },
  backup_code_incorrect: {
    status: 401,
    apiCode: 156,
    message: "That backup code isn't right, or it was already used.",
    field: 'backup_code',
  },
  // Security settings, apiCodes 160-179; all ours.
  phone_invalid: {
    status: 400,
    apiCode: 160,
    message: 'Enter a phone number with its country code, like +1 415 555 0100.',
    field: 'phone_number',
  },
  phone_not_confirmed: {
    status: 400,
    apiCode: 161,
    message: 'Add and confirm a phone number before you turn on two-factor login.',
    field: 'phone_number',
  },
  phone_confirm_code_incorrect: {
    status: 400,
    apiCode: 162,
    message: "That code isn't right. Check it and try again.",
    field: 'code',
  },
  phone_confirm_code_expired: {
    status: 400,
    apiCode: 163,
    message: 'That code has expired. Ask for a new one.',
    field: 'code',
  },
  current_password_incorrect: {
    status: 400,
    apiCode: 164,
    message: "Your current password isn't right.",
    field: 'current_password',
  },
  reauth_failed: { status: 401, apiCode: 165, message: "That password isn't right.", field: 'password' },
  session_not_found: { status: 404, apiCode: 166, message: 'That session has already ended.' },
  email_unchanged: {
    status: 400,
    apiCode: 167,
    message: 'That is already your email. Enter a new one.',
    field: 'email',
  },
  // Social login, single sign-on and QR code login, apiCodes 180-199.
  // Ours: a forged, expired, replayed or foreign ID token or access token (decision 21).
  social_token_invalid: {
    status: 401,
    apiCode: 180,
    message: "Couldn't connect. You must authorize Pinboard.",
  },
  // Ours: the web moves on to sign-up with the same token (docs/product/accounts.md#rules).
  social_account_not_found: {
    status: 404,
    apiCode: 181,
    message: "We couldn't find an account for this login. Sign up to create one.",
  },
  // A provider gave no email (EmailCollection).
  social_email_required: { status: 400, apiCode: 182, message: 'Email is required', field: 'email' },
  // A social account not matched (recovery modal 4, prevent first-provider register).
  facebook_register_prevented: {
    status: 409,
    apiCode: 183,
    message: "We couldn't match your Facebook account to any account. Try resetting your password instead.",
    field: 'facebook',
  },
  // Recovery modal 5, prevent second-provider register.
  google_register_prevented: {
    status: 409,
    apiCode: 184,
    message: "We couldn't match your Google account to any account. Try resetting your password instead.",
    field: 'google',
  },
  login_google_only: {
    status: 400,
    apiCode: 185,
    message: 'Your account is already linked to Google. To log in with email, set a password.',
    field: 'google',
  },
  login_facebook_only: {
    status: 400,
    apiCode: 186,
    message: 'Your account is already linked to Facebook. To log in with email, set a password.',
    field: 'facebook',
  },
  login_apple_only: {
    status: 400,
    apiCode: 187,
    message:
      'Your account is connected to Apple. This option works only on the iOS app. To log into here, you’ll need to set a password.',
    field: 'email',
  },
  login_facebook_unavailable: {
    status: 400,
    apiCode: 188,
    message:
      'Your account is connected to Facebook, but Facebook login is no longer available. Recover your account',
    field: 'facebook',
  },
  // Ours: the modal 'Oops! {provider} isn't available' shows the provider's name itself.
  provider_unavailable: {
    status: 503,
    apiCode: 189,
    message: "Oops! This login isn't available right now. Try another way to log in.",
  },
  // Ours: a state that no flow of this browser started, or one already used or expired.
  oidc_state_invalid: {
    status: 400,
    apiCode: 190,
    message: 'This sign-in has expired or was already used. Start again.',
    field: 'state',
  },
  // Single sign-on (docs/product/accounts.md#sso).
  sso_no_tokens: { status: 502, apiCode: 191, message: 'No tokens returned' },
  // Ours: the email's domain has no single sign-on.
  sso_not_configured: {
    status: 400,
    apiCode: 192,
    message: "Your organisation doesn't use single sign-on here. Log in with your password.",
    field: 'email',
  },
  // 'Use QR code' login (docs/product/accounts.md#qr-login).
  // A state of this browser or address, not of the server: a 4xx (429 past the limit).
  qr_login_unavailable: {
    status: 403,
    apiCode: 193,
    message: "QR code login isn't available right now. Try another login method.",
  },
  // Ours: the code was approved elsewhere, denied, or timed out.
  qr_login_expired: {
    status: 410,
    apiCode: 194,
    message: 'This QR code has expired. Get a new one.',
  },
  // Ours: settings refuse to remove the last way into an account.
  identity_last_login_method: {
    status: 400,
    apiCode: 195,
    message: 'Set a password or connect another account before you disconnect this one.',
  },
  // Ours: the provider account already belongs to another person here.
  identity_taken: {
    status: 409,
    apiCode: 196,
    message: 'This account is already connected to another Pinboard account.',
  },
  // Ours.
  identity_not_linked: { status: 404, apiCode: 197, message: "This account isn't connected." },
  // Ours: a first password needs a sign-in of the last 10 minutes (decision 21).
  recent_login_required: {
    status: 403,
    apiCode: 198,
    message: 'To set a password, log out and log in again, then set it within 10 minutes.',
  },
} as const satisfies Record<string, ErrorEntry>;
