import type { LoginBody } from '@pinboard/shared';
import type { VerifiedIdentity } from '../../../adapters/identity/identity.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { AuthRequest } from '../auth-deps.ts';
import {
  findEmailAccount,
  findIdentityAccount,
  liftSoftBan,
  type IdentityAccount,
} from './identities.repository.ts';
import type { SignedIn } from '../login/login.service.ts';
import { passSecondFactor } from '../mfa/mfa.service.ts';
import { startSession } from '../sessions/sessions.service.ts';
import {
  consumeNonceOrRefuse,
  credentialsOfLogin,
  isLoginDisabled,
  providerOfCredentials,
  verifyCredentials,
  type ExperimentsOf,
  type SocialDeps,
  type VerifiedCredentials,
} from './social-verify.ts';
import { endingSessions } from '../session-lookups.ts';

/** What a social sign-in needs about the browser besides the request facts. */
export interface SocialRequest {
  /** SHA-256 of the browser's `oidc_browser` cookie, or null when it has none. */
  browserHash: string | null;
  experiments: ExperimentsOf;
}

/**
 * `POST /v3/login/` with a provider's token (decision 21). Order:
 * 1. a full login that is not adding an account is `already_logged_in`;
 * 2. a sixth attempt within a minute from one address needs a bot-check token (as password logins);
 * 3. a provider whose login the viewer's experiment hides is `signup_method_unavailable`;
 * 4. the token is verified (`social_token_invalid`);
 * 5. an identity no account has: `social_account_not_found` (the web moves on to sign-up), or the
 *    prevent-register answers when a Facebook or Google sign-up could not go through anyway;
 * 6. then as any sign-in: status, two-factor, and the session with the nonce consumed.
 * Lockouts stay with password logins: a provider's token cannot be guessed.
 */
export async function loginWithSocial(
  deps: SocialDeps,
  body: LoginBody,
  request: AuthRequest,
  social: SocialRequest,
): Promise<SignedIn> {
  const switchAccount = body.switch_account === true;
  if (request.viewer.userId !== null && !switchAccount) throw new AppError('already_logged_in');
  if (await deps.limits.loginNeedsBotCheck(request.ip)) {
    const token = body.recaptchaV3Token ?? body.recaptchaV2Token;
    const person = await deps.botCheck.verify(token, { action: 'web_login', ip: request.ip });
    if (!person) throw new AppError('login_too_quick');
  }
  const credentials = credentialsOfLogin(body);
  if (await isLoginDisabled(providerOfCredentials(credentials), social.experiments)) {
    throw new AppError('signup_method_unavailable', { field: 'type' });
  }
  const verified = await verifyCredentials(deps, credentials, social.browserHash);
  const { provider, subject } = verified.identity;
  const account = await findIdentityAccount(deps.db, provider, subject);
  if (!account) throw await unknownIdentityError(deps, verified.identity, social.experiments);
  return signInIdentityAccount(deps, account, verified, request, { body, switchAccount });
}

/**
 * Why an identity no account has cannot log in. A Facebook or Google identity whose email is
 * already an account's could not sign up either (decision 21: an email never joins an account by
 * itself), so the web gets the recovery modal at once rather than a sign-up that fails; the same
 * for Facebook while its sign-up is closed.
 */
async function unknownIdentityError(
  deps: SocialDeps,
  identity: VerifiedIdentity,
  experiments: ExperimentsOf,
): Promise<AppError> {
  const emailTaken = identity.email !== null && (await findEmailAccount(deps.db, identity.email)) !== null;
  if (identity.provider === 'facebook') {
    const closed = (await experiments()).web_prevent_facebook_register === 'enabled';
    if (closed || emailTaken) return new AppError('facebook_register_prevented');
  }
  if (identity.provider === 'google' && emailTaken) return new AppError('google_register_prevented');
  return new AppError('social_account_not_found');
}

/**
 * Signs the browser in as the account a verified identity belongs to: the provider proved who
 * this is, so the status is told at once (deactivated, suspended), and a soft-banned account is
 * let back in and made active (its message says to log in with Facebook or Google); two-factor
 * still asks its code (the web repeats the token with `mfa_token`); the nonce is consumed in the
 * session's transaction, so a replayed token signs nobody in.
 */
export async function signInIdentityAccount(
  deps: SocialDeps,
  account: IdentityAccount,
  verified: VerifiedCredentials,
  request: AuthRequest,
  options: { body: Pick<LoginBody, 'mfa_token' | 'mfa_resend' | 'backup_code'>; switchAccount: boolean },
): Promise<SignedIn> {
  if (account.status === 'deactivated') throw new AppError('account_deactivated');
  if (account.status === 'suspended') throw new AppError('account_suspended');
  if (account.twoFactorEnabled) {
    await passSecondFactor(deps, { account, body: options.body, ip: request.ip, now: request.now });
  }
  const cookies = await endingSessions(
    deps.db.transaction(async (tx) => {
      await consumeNonceOrRefuse(deps, tx, verified.nonce, request.now);
      if (account.status === 'soft_banned') await liftSoftBan(tx, account.id);
      return startSession(tx, {
        userId: account.id,
        request,
        switchAccount: options.switchAccount,
      });
    }),
  );
  return { userId: account.id, cookies };
}
