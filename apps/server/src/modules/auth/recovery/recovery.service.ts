import { createHash, randomBytes } from 'node:crypto';
import {
  DEFAULT_PASSWORD_RULES,
  RESET_PASSWORD_PATH,
  RESET_TOKEN_TTL_MINUTES,
  checkPassword,
  type ForgotPasswordBody,
  type ForgotPasswordType,
  type ResetPasswordBody,
} from '@pinboard/shared';
import { isCommonPassword } from '@pinboard/shared/auth/common-passwords';
import type { Mailer, MailMessage } from '../../../adapters/mail/index.ts';
import type { Config } from '../../../config.ts';
import type { Background } from '../../../lib/background.ts';
import { AppError } from '../../../lib/app-error.ts';
import { escapeHtml } from '../../../lib/escape-html.ts';
import type { AuthRequest } from '../auth-deps.ts';
import type { SignedIn } from '../login/login.service.ts';
import { passSecondFactor, type MfaDeps } from '../mfa/mfa.service.ts';
import { hashPassword } from '../passwords.ts';
import {
  consumeResetToken,
  endEverySignIn,
  findLiveResetToken,
  findRecoveryAccount,
  replaceResetToken,
  setPasswordAfterReset,
} from './recovery.repository.ts';
import { startSession } from '../sessions/sessions.service.ts';
import { endingSessions } from '../session-lookups.ts';

export interface RecoveryDeps extends MfaDeps {
  mailer: Mailer;
  background: Background;
  recoveryConfig: Pick<Config, 'publicUrl'>;
}

/** The web app's reset page on this server's public address; mails link to it. */
export const resetPasswordUrl = (deps: Pick<RecoveryDeps, 'recoveryConfig'>) =>
  `${deps.recoveryConfig.publicUrl.replace(/\/+$/, '')}${RESET_PASSWORD_PATH}`;

/** Reset tokens are stored as their SHA-256 only; the mail holds the only copy of the token. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Only these statuses may get a reset link (suspended and deactivated accounts cannot). */
const RECOVERABLE = new Set(['active', 'soft_banned']);

/**
 * `POST /v3/users/forgot_password/`. The answer is `{ sent: true }` for every identifier, after
 * the same work: limits, one lookup, then the token and the mail are made in the background,
 * so neither the answer nor its timing says whether an account exists (decision 19).
 */
export async function requestPasswordReset(
  deps: RecoveryDeps,
  body: ForgotPasswordBody,
  request: AuthRequest,
): Promise<{ sent: true }> {
  await deps.limits.assertForgotPasswordAllowed(body.username_or_email, request.ip);
  const account = await findRecoveryAccount(deps.db, body.username_or_email);
  if (account?.email && RECOVERABLE.has(account.status)) {
    const to = account.email;
    deps.background.run('password-reset-mail', async () => {
      const token = randomBytes(32).toString('base64url');
      await replaceResetToken(deps.db, {
        idHash: hashResetToken(token),
        userId: account.id,
        requestType: body.type,
        requestIp: request.ip,
        expiresAt: new Date(request.now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000),
        now: request.now,
      });
      const link = `${resetPasswordUrl(deps)}?token=${token}`;
      await deps.mailer.send(
        resetMail({ to, firstName: account.firstName, username: account.username, link, type: body.type }),
      );
    });
  }
  return { sent: true };
}

/** The reset mail; `unified` (the experiment's default) also offers it as the way to log in. */
export function resetMail(input: {
  to: string;
  firstName: string;
  username: string;
  link: string;
  type: ForgotPasswordType;
}): MailMessage {
  const greeting = `Hi ${input.firstName || input.username},`;
  const lead =
    input.type === 'unified'
      ? 'Having trouble logging in? Use the link below to log in to Pinboard by setting a new password.'
      : 'Someone asked to reset the password of your Pinboard account. Use the link below to set a new one.';
  const expiry = `The link works once, for ${RESET_TOKEN_TTL_MINUTES} minutes. Setting a new password logs you out on every other device.`;
  const ignore = "If you didn't ask for this, you can ignore this mail: your password stays as it is.";
  const subject = input.type === 'unified' ? 'Log in to Pinboard' : 'Reset your Pinboard password';
  const action = input.type === 'unified' ? 'Log in and reset your password' : 'Reset your password';
  const text = [greeting, '', lead, '', input.link, '', expiry, '', ignore, ''].join('\n');
  const html = `<!doctype html><html><body>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(input.link)}">${escapeHtml(action)}</a></p>
<p>${escapeHtml(expiry)}</p>
<p>${escapeHtml(ignore)}</p>
</body></html>`;
  return { to: input.to, subject, text, html };
}

/**
 * `POST /v3/users/reset_password/`. The new password is checked before the token is used, so a
 * rejected password does not burn the link. Then, in one transaction: the token is used by an
 * atomic update (one winner under concurrency), the password set, a soft ban lifted, every
 * session and recognition token of the account deleted, and this browser signed in anew.
 * With two-factor on, the reset still sets the password and ends every sign-in, but signs nothing
 * in: the answer is `mfa_required` (a code is texted) with `username_or_email` in its data, and the
 * web logs in with the new password and the code (decision 20).
 */
export async function resetPassword(
  deps: RecoveryDeps,
  body: ResetPasswordBody,
  request: AuthRequest,
): Promise<SignedIn> {
  const idHash = hashResetToken(body.token);
  const account = await findLiveResetToken(deps.db, idHash, request.now);
  if (!account || !RECOVERABLE.has(account.status)) throw new AppError('reset_token_invalid');
  const problem = checkPassword(body.password, DEFAULT_PASSWORD_RULES, {
    username: account.username,
    email: account.email ?? undefined,
    isCommonPassword,
  });
  if (problem) throw new AppError(problem);
  const passwordHash = await hashPassword(body.password);

  const cookies = await endingSessions(
    deps.db.transaction(async (tx) => {
      const userId = await consumeResetToken(tx, idHash, request.now);
      if (userId !== account.userId) throw new AppError('reset_token_invalid');
      const status = await setPasswordAfterReset(tx, userId, passwordHash);
      if (status !== 'active') throw new AppError('reset_token_invalid');
      await endEverySignIn(tx, userId);
      if (account.twoFactorEnabled) return null;
      return startSession(tx, {
        userId,
        request,
      });
    }),
  );
  await deps.limits.clearAccountLock({ id: account.userId, createdAt: account.createdAt });
  if (!cookies) {
    const login = account.email ?? account.username;
    await passSecondFactor(deps, {
      account: { id: account.userId, createdAt: account.createdAt },
      body: {},
      ip: request.ip,
      now: request.now,
      extra: { username_or_email: login },
    });
    throw new AppError('mfa_required');
  }
  return { userId: account.userId, cookies };
}
