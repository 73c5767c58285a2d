import {
  splitFullName,
  type FacebookLoginData,
  type FacebookLoginDataBody,
  type FacebookProfileData,
  type FacebookProfileDataBody,
} from '@pinboard/shared';
import { findIdentityAccount, listIdentityProviders } from './identities.repository.ts';
import type { SocialDeps } from './social-verify.ts';

/**
 * `POST /v3/facebook/login_data/` (docs/product/accounts.md#api-calls): what the login form needs about the
 * account a Facebook identity belongs to. `is_fb_auth_only` is derived as the product says: neither
 * Google connected nor a password. No account: every flag false.
 */
export async function getFacebookLoginData(
  deps: SocialDeps,
  body: FacebookLoginDataBody,
): Promise<FacebookLoginData> {
  const identity = await deps.identity.verifyAccessToken({
    provider: 'facebook',
    accessToken: body.facebook_token,
    subject: body.facebook_id,
  });
  const account = await findIdentityAccount(deps.db, 'facebook', identity.subject);
  if (!account) {
    return {
      connected_to_gplus: false,
      connected_to_google: false,
      has_password: false,
      is_fb_auth_only: false,
      existing_user: false,
    };
  }
  const google = (await listIdentityProviders(deps.db, account.id)).includes('google');
  return {
    connected_to_gplus: google,
    connected_to_google: google,
    has_password: account.hasPassword,
    is_fb_auth_only: !google && !account.hasPassword,
    existing_user: true,
  };
}

const PROFILE_FIELDS = [
  'id',
  'access_token',
  'email',
  'first_name',
  'last_name',
  'gender',
  'birthday',
  'picture',
] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

/**
 * `POST /v3/facebook/profile_data/`: the profile of the person the access token belongs to, as
 * the provider reported it (the sign-up form fills its fields with it). `fields` (comma separated)
 * picks fields; unknown names are ignored and `id` is always there. The birthday is a date only
 * (YYYY-MM-DD), which is what `pii_safe_birthday` asks for.
 */
export async function getFacebookProfileData(
  deps: SocialDeps,
  body: FacebookProfileDataBody,
): Promise<FacebookProfileData> {
  const identity = await deps.identity.verifyAccessToken({
    provider: 'facebook',
    accessToken: body.access_token,
    subject: null,
  });
  const names =
    identity.givenName || identity.familyName
      ? { first_name: identity.givenName, last_name: identity.familyName }
      : splitFullName(identity.name);
  const profile: Required<FacebookProfileData> = {
    id: identity.subject,
    access_token: body.access_token,
    email: identity.email,
    ...names,
    gender: identity.gender,
    birthday: identity.birthdate,
    picture: identity.picture,
  };
  const wanted = new Set(
    body.fields === undefined
      ? PROFILE_FIELDS
      : body.fields
          .split(',')
          .map((field) => field.trim())
          .filter((field): field is ProfileField => (PROFILE_FIELDS as readonly string[]).includes(field)),
  );
  wanted.add('id');
  return Object.fromEntries(
    PROFILE_FIELDS.filter((field) => wanted.has(field)).map((field) => [field, profile[field]]),
  ) as FacebookProfileData;
}
