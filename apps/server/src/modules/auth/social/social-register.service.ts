import { canSubmitConsents, checkBirthday, type SocialRegisterBody } from '@pinboard/shared';
import { uniqueViolation } from '../../../db/sql-helpers.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { AuthRequest } from '../auth-deps.ts';
import { isEmailRegistered } from '../auth.repository.ts';
import { findIdentityAccount, insertIdentity, type IdentityAccount } from './identities.repository.ts';
import type { SignedIn } from '../login/login.service.ts';
import { createAccount, isoDayOf, signupFailed } from '../register/register.service.ts';
import { signInIdentityAccount, type SocialRequest } from './social-login.service.ts';
import {
  emailTakenError,
  signupBirthdayOf,
  signupEmailOf,
  signupNamesOf,
  signupUsernameOf,
} from './social-profile.ts';
import {
  credentialsOfRegister,
  isLoginDisabled,
  providerOfCredentials,
  verifyCredentials,
  consumeNonceOrRefuse,
  type SocialDeps,
  type VerifiedCredentials,
} from './social-verify.ts';

/**
 * `POST /v3/register/` through a provider (decision 21; types google, google_one_tap, facebook,
 * line, sso). No bot check: the provider vouched for a person when it issued the token, and the
 * token is single use and bound to the browser that ran the flow. Order:
 * 1. the token is verified; an identity an account already has signs that account in (one-tap
 *    and a repeated sign-up are logins);
 * 2. Facebook sign-up closed by `web_prevent_facebook_register` → `facebook_register_prevented`;
 * 3. the email (the provider's, else the typed one: EmailCollection), by the sign-up rules, and
 *    not an account's already (unless a sign-up of the same identity just made that account,
 *    which then signs in); 4. the birthday (the provider's, else socialSignupWithAge);
 * 5. consents; then the account, its identity, consents and session in one transaction that
 *    consumes the token's nonce.
 * `newAccount` says which happened: false when an existing account was signed in (step 1, or the
 * race below), so the web runs no sign-up steps after a login.
 */
export async function registerWithSocial(
  deps: SocialDeps,
  body: SocialRegisterBody,
  request: AuthRequest,
  social: SocialRequest,
): Promise<SignedIn & { newAccount: boolean }> {
  if (request.viewer.userId !== null) throw new AppError('already_logged_in');
  const credentials = credentialsOfRegister(body);
  const provider = providerOfCredentials(credentials);
  // The experiments that hide a provider's login hide its sign-up button too.
  if (await isLoginDisabled(provider, social.experiments)) {
    throw new AppError('signup_method_unavailable', { field: 'type' });
  }
  const verified = await verifyCredentials(deps, credentials, social.browserHash);
  const { identity } = verified;
  const existing = await findIdentityAccount(deps.db, identity.provider, identity.subject);
  if (existing) return signInAgain(deps, existing, verified, request);
  if (provider === 'facebook' && (await social.experiments()).web_prevent_facebook_register === 'enabled') {
    throw new AppError('facebook_register_prevented');
  }

  const email = signupEmailOf(identity, body);
  // Taken by this identity's own account when another sign-up of it just made one: a login.
  const signInIfMadeMeanwhile = async () => {
    const account = await findIdentityAccount(deps.db, identity.provider, identity.subject);
    return account ? signInAgain(deps, account, verified, request) : null;
  };
  if (await isEmailRegistered(deps.db, email)) {
    const signedIn = await signInIfMadeMeanwhile();
    if (signedIn) return signedIn;
    throw emailTakenError(identity, email);
  }
  const birthday = signupBirthdayOf(identity, body);
  const birthdayProblem = checkBirthday(birthday, { now: request.now, country: request.country });
  if (birthdayProblem) throw new AppError(birthdayProblem);
  const consentRequired = deps.config.consentCountries.includes(request.country);
  if (consentRequired && !(body.consents && canSubmitConsents(body.consents))) {
    throw new AppError('consent_required');
  }
  const names = signupNamesOf(identity, body, email, request.country);

  try {
    const created = await createAccount(deps, request, {
      usernameCandidate: signupUsernameOf(identity, email, names),
      user: {
        email,
        passwordHash: null,
        firstName: names.firstName,
        lastName: names.lastName,
        country: body.country ?? request.country,
        gender: identity.gender ?? body.gender ?? null,
        birthday: isoDayOf(birthday),
        connectedToFacebook: identity.provider === 'facebook',
        connectedToGoogle: identity.provider === 'google',
      },
      consents: body.consents,
      async inTransaction(tx, userId) {
        await consumeNonceOrRefuse(deps, tx, verified.nonce, request.now);
        await insertIdentity(tx, {
          userId,
          provider: identity.provider,
          subject: identity.subject,
          issuer: identity.issuer,
          email: identity.email,
        });
      },
    });
    return { ...created, newAccount: true };
  } catch (error) {
    const constraint = uniqueViolation(error);
    // Two sign-ups of one identity raced (two flows, two tokens): this one signs in as the
    // account the other made, consuming its own nonce. With the same email (a provider's), the
    // race ends on the email's key first.
    if (constraint === 'user_identities_provider_subject_key' || constraint === 'users_email_lower_key') {
      const signedIn = await signInIfMadeMeanwhile();
      if (signedIn) return signedIn;
      if (constraint === 'users_email_lower_key') throw emailTakenError(identity, email);
      throw new AppError('social_token_invalid');
    }
    throw signupFailed(error);
  }
}

/** A sign-up whose identity already has an account: that account signs in (no account is made). */
async function signInAgain(
  deps: SocialDeps,
  account: IdentityAccount,
  verified: VerifiedCredentials,
  request: AuthRequest,
): Promise<SignedIn & { newAccount: false }> {
  const signedIn = await signInIdentityAccount(deps, account, verified, request, {
    body: {},
    switchAccount: false,
  });
  return { ...signedIn, newAccount: false };
}
