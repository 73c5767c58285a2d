import type {
  LoginBody,
  LoginType,
  RegisterBody,
  SocialConnectComplete,
  SocialProvider,
  SocialRegisterBody,
} from '@pinboard/shared';

/**
 * What a provider's popup (or the SSO code exchange) proved, as the token fields of
 * `logIn` and `signUp` (decision 21); `type` is the sign-up type. Kept in
 * the flow's memory only: a social login that asks for a code, a birthday or an email repeats it.
 */
export type SocialCredential =
  | { type: 'google' | 'google_one_tap'; google_open_id_token: string }
  | { type: 'facebook'; facebook_id: string; facebook_token: string }
  | { type: 'line'; line_id_token: string }
  | { type: 'sso'; sso_id_token: string; sso_user_email: string };

/** A sign-up through a provider, with what the steps after it collected. */
export interface SocialSignup {
  credential: SocialCredential;
  /** Typed in EmailCollection when the provider gave none. */
  email?: string;
  /** YYYY-MM-DD, from socialSignupWithAge when the provider gave none. */
  birthday?: string;
}

/** The popup's answer as a credential; null when it lacks the provider's token. */
export function credentialFromPopup(
  message: SocialConnectComplete,
  purpose?: 'one_tap',
): SocialCredential | null {
  const { provider, id_token, facebook_id, facebook_token } = message;
  if (provider === 'facebook') {
    return facebook_id && facebook_token ? { type: 'facebook', facebook_id, facebook_token } : null;
  }
  if (!id_token) return null;
  if (provider === 'line') return { type: 'line', line_id_token: id_token };
  return { type: purpose === 'one_tap' ? 'google_one_tap' : 'google', google_open_id_token: id_token };
}

/** The provider whose button the credential came from (SSO has none). */
export function providerOf(credential: SocialCredential): SocialProvider | null {
  if (credential.type === 'sso') return null;
  return credential.type === 'google_one_tap' ? 'google' : credential.type;
}

/**
 * The login type events carry (email, facebook, google_one_tap, line, sso and mfa;
 * docs/product/accounts.md#login): Google's popup counts as google_one_tap, the one Google type the list has.
 */
export function loginTypeOf(credential: SocialCredential): LoginType {
  return credential.type === 'google' ? 'google_one_tap' : credential.type;
}

/** The token fields of `logIn`. */
export function loginFields(credential: SocialCredential): Partial<LoginBody> {
  const { type: _type, ...fields } = credential;
  return fields;
}

type SignupExtras = Omit<Extract<RegisterBody, { type: 'google' }>, 'type' | 'google_open_id_token'>;

/** `signUp` through a provider, with the fields every sign-up takes. */
export function socialRegisterBody(credential: SocialCredential, extras: SignupExtras): SocialRegisterBody {
  switch (credential.type) {
    case 'google':
    case 'google_one_tap':
      return { ...extras, type: credential.type, google_open_id_token: credential.google_open_id_token };
    case 'facebook':
      return {
        ...extras,
        type: 'facebook',
        facebook_id: credential.facebook_id,
        facebook_token: credential.facebook_token,
      };
    case 'line':
      return { ...extras, type: 'line', line_id_token: credential.line_id_token };
    case 'sso':
      return { ...extras, type: 'sso', sso_id_token: credential.sso_id_token };
  }
}

/**
 * The email the provider reported, to name it on EmailAlreadyExist when the server's answer
 * does not: the SSO exchange's, or the `email` claim of an ID token (read, not verified; the
 * server verified it). Facebook's access token carries none.
 */
export function reportedEmail(credential: SocialCredential): string | null {
  if (credential.type === 'sso') return credential.sso_user_email || null;
  const token =
    credential.type === 'line'
      ? credential.line_id_token
      : credential.type === 'facebook'
        ? null
        : credential.google_open_id_token;
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/')) as string;
    const claims = JSON.parse(json) as { email?: unknown };
    return typeof claims.email === 'string' ? claims.email : null;
  } catch {
    return null;
  }
}
