import { loginPasswordProblem, type PasswordLoginBody } from '@pinboard/shared';
import { AppError } from '../../lib/app-error.ts';
import type { AuthRequest } from './auth-deps.ts';
import { findLoginAccount } from './auth.repository.ts';
import { passSecondFactor, type MfaDeps } from './mfa/mfa.service.ts';
import { verifyPassword } from './passwords.ts';
import { startSession, type IssuedAuthCookies } from './sessions.service.ts';

export interface SignedIn {
  userId: number;
  cookies: IssuedAuthCookies;
}

/**
 * `POST /v3/login/` with email (or username) and password. Order matters:
 * 1. a full login that is not adding an account is `already_logged_in`;
 * 2. a locked account or address is refused before any password is checked;
 * 3. a sixth attempt within a minute from one address needs a valid bot-check token;
 * 4. a soft-banned account is told so whatever the password (it has none; decision 19);
 * 5. an unknown account and a wrong password give the same answer after the same work;
 * 6. only after a correct password is a suspended or deactivated account told so;
 * 7. an account with two-factor on then needs the texted code or a backup code (decision 20).
 */
export async function loginWithPassword(
  deps: MfaDeps,
  body: PasswordLoginBody,
  request: AuthRequest,
): Promise<SignedIn> {
  const switchAccount = body.switch_account === true;
  if (request.viewer.userId !== null && !switchAccount) throw new AppError('already_logged_in');

  const identifier = body.username_or_email;
  await deps.limits.assertLoginNotLocked(identifier, request.ip);
  if (await deps.limits.isLoginTooQuick(request.ip)) {
    const token = body.recaptchaV3Token ?? body.recaptchaV2Token;
    const person = await deps.botCheck.verify(token, { action: 'web_login', ip: request.ip });
    if (!person) throw new AppError('login_too_quick');
  }
  // Passwords sign-up never accepts cannot be right: the login form's own rule, no lookup needed.
  const problem = loginPasswordProblem(body.password);
  if (problem) throw new AppError(problem);

  const account = await findLoginAccount(deps.db, identifier);
  const correct = await verifyPassword(account?.passwordHash ?? null, body.password);
  // A soft-banned account's password was taken away (admin soft-ban), so no password can be
  // right: its owner is told to reset it whatever was typed (decision 19). Not counted as a
  // failure: there is no password to guess.
  if (account?.status === 'soft_banned') throw new AppError('account_soft_banned');
  if (!account || !correct) {
    await deps.limits.recordLoginFailure(identifier, request.ip);
    throw new AppError('login_password_incorrect');
  }
  await deps.limits.clearAccountFailures(identifier);
  if (account.status === 'deactivated') throw new AppError('account_deactivated');
  if (account.status !== 'active') throw new AppError('account_suspended');
  if (account.twoFactorEnabled) {
    await passSecondFactor(deps, {
      userId: account.id,
      body,
      loginName: identifier,
      ip: request.ip,
      now: request.now,
    });
  }

  const cookies = await deps.db.transaction((tx) =>
    startSession(tx, {
      userId: account.id,
      cookies: request.cookies,
      currentSessionIdHash: request.viewer.sessionIdHash,
      switchAccount,
      userAgent: request.userAgent,
      ip: request.ip,
      now: request.now,
    }),
  );
  return { userId: account.id, cookies };
}
