import { loginPasswordProblem, type PasswordLoginBody } from '@pinboard/shared';
import { AppError } from '../../../lib/app-error.ts';
import type { AuthRequest } from '../auth-deps.ts';
import { findLoginAccount } from '../auth.repository.ts';
import { listIdentityProviders } from '../social/identities.repository.ts';
import { passSecondFactor, type MfaDeps } from '../mfa/mfa.service.ts';
import { verifyPassword } from '../passwords.ts';
import { loginSubject } from '../auth.policy.ts';
import { startSession, type IssuedAuthCookies } from '../sessions/sessions.service.ts';
import type { ExperimentsOf } from '../social/social-verify.ts';
import { endingSessions } from '../session-lookups.ts';

export interface SignedIn {
  userId: number;
  cookies: IssuedAuthCookies;
}

/**
 * `POST /v3/login/` with email (or username) and password. Order matters:
 * 1. a full login that is not adding an account is `already_logged_in`;
 * 2. a locked account (by whatever name it was typed) is refused before any password is checked;
 * 3. a sixth attempt within a minute from one address, or any attempt from an address with 50
 *    failures in the last 30 minutes, needs a valid bot-check token;
 * 4. a soft-banned account is told so whatever the password (it has none; decision 19);
 * 5. an unknown account and a wrong password give the same answer after the same work, except
 *    that an account without a password is told how it signs in instead (linked to Google, to
 *    Facebook, or to Apple; docs/product/accounts.md#messages), which no password could change;
 * 6. only after a correct password is a suspended or deactivated account told so;
 * 7. an account with two-factor on then needs the texted code or a backup code (decision 20).
 */
export async function loginWithPassword(
  deps: MfaDeps,
  body: PasswordLoginBody,
  request: AuthRequest,
  options: { experiments: ExperimentsOf },
): Promise<SignedIn> {
  const switchAccount = body.switch_account === true;
  if (request.viewer.userId !== null && !switchAccount) throw new AppError('already_logged_in');

  const identifier = body.username_or_email;
  const account = await findLoginAccount(deps.db, identifier);
  const subject = loginSubject(account, identifier);
  await deps.limits.assertLoginNotLocked(subject);
  if (await deps.limits.loginNeedsBotCheck(request.ip)) {
    const token = body.recaptchaV3Token ?? body.recaptchaV2Token;
    const person = await deps.botCheck.verify(token, { action: 'web_login', ip: request.ip });
    if (!person) throw new AppError('login_too_quick');
  }
  // Passwords sign-up never accepts cannot be right: the login form's own rule.
  const problem = loginPasswordProblem(body.password);
  if (problem) throw new AppError(problem);

  const correct = await verifyPassword(account?.passwordHash ?? null, body.password);
  // A soft-banned account's password was taken away (admin soft-ban), so no password can be
  // right: its owner is told to reset it whatever was typed (decision 19). Not counted as a
  // failure: there is no password to guess.
  if (account?.status === 'soft_banned') throw new AppError('account_soft_banned');
  if (account && account.passwordHash === null) {
    const signsInElsewhere = await passwordlessLoginError(deps, account.id, options.experiments);
    if (signsInElsewhere) throw signsInElsewhere;
  }
  if (!account || !correct) {
    await deps.limits.recordLoginFailure(subject, request.ip);
    throw new AppError('login_password_incorrect');
  }
  if (account.status === 'deactivated') throw new AppError('account_deactivated');
  if (account.status !== 'active') throw new AppError('account_suspended');
  if (account.twoFactorEnabled) {
    await passSecondFactor(deps, { account, body, ip: request.ip, now: request.now });
  }
  // Only a whole login (the second factor too) forgets the failures: a stolen password alone
  // does not reset the count its second-factor guesses add to.
  await deps.limits.clearAccountFailures(subject);

  const cookies = await endingSessions(
    deps.db.transaction((tx) => startSession(tx, { userId: account.id, request, switchAccount })),
  );
  return { userId: account.id, cookies };
}

/**
 * How an account without a password signs in, as the login form's message
 * (docs/product/accounts.md#messages): Google (`login_google_only`), Facebook (`login_facebook_only`, or
 * `login_facebook_unavailable` while the viewer's `web_disable_facebook_login` hides that button), Apple
 * (`login_apple_only`: the iOS app only). Null for any other (LINE, SSO): the usual wrong-password answer.
 */
async function passwordlessLoginError(
  deps: MfaDeps,
  userId: number,
  experiments: ExperimentsOf,
): Promise<AppError | null> {
  const providers = new Set(await listIdentityProviders(deps.db, userId));
  if (providers.has('google')) return new AppError('login_google_only');
  if (providers.has('facebook')) {
    const disabled = (await experiments()).web_disable_facebook_login === 'enabled';
    return new AppError(disabled ? 'login_facebook_unavailable' : 'login_facebook_only');
  }
  if (providers.has('apple')) return new AppError('login_apple_only');
  return null;
}
