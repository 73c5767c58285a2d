import { createHash, randomBytes } from 'node:crypto';
import {
  EMAIL_VERIFICATION_TTL_HOURS,
  EMAIL_VERIFY_PATH,
  type EmailVerificationSent,
  type VerifyEmailResult,
} from '@pinboard/shared/account-settings';
import type { Mailer, MailMessage } from '../../adapters/mail/index.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Background } from '../../lib/background.ts';
import { AppError } from '../../lib/app-error.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import {
  consumeEmailVerificationToken,
  findEmailState,
  findEmailVerificationToken,
  replaceEmailVerificationToken,
} from './email-verification.repository.ts';

export interface EmailVerificationDeps {
  db: Database;
  mailer: Mailer;
  background: Background;
  recoveryConfig: Pick<Config, 'publicUrl'>;
}

/** Tokens are stored as their SHA-256 only; the mail holds the only copy. */
const hashToken = (token: string) => createHash('sha256').update(`email-verification:${token}`).digest('hex');

/**
 * Mails a confirmation link for `email` (a new account's, or a changed one) in the background:
 * the answer that caused it does not wait for the mail, and fails not when the mail does.
 * Earlier links of the account stop working.
 */
export function sendEmailVerification(deps: EmailVerificationDeps, userId: number, email: string, now: Date) {
  deps.background.run('email-verification-mail', async () => {
    const token = randomBytes(32).toString('base64url');
    await replaceEmailVerificationToken(deps.db, {
      idHash: hashToken(token),
      userId,
      email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_HOURS * 3_600_000),
    });
    const base = deps.recoveryConfig.publicUrl.replace(/\/+$/, '');
    await deps.mailer.send(
      verificationMail({ to: email, link: `${base}${EMAIL_VERIFY_PATH}?token=${token}` }),
    );
  });
}

export function verificationMail(input: { to: string; link: string }): MailMessage {
  const lead = 'Confirm your email to finish setting up your Pinboard account:';
  const expiry = `The link works once, for ${EMAIL_VERIFICATION_TTL_HOURS} hours.`;
  const ignore = "If you didn't make this change, you can ignore this mail.";
  const text = [lead, '', input.link, '', expiry, '', ignore, ''].join('\n');
  const html = `<!doctype html><html><body>
<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(input.link)}">Confirm your email</a></p>
<p>${escapeHtml(expiry)}</p>
<p>${escapeHtml(ignore)}</p>
</body></html>`;
  return { to: input.to, subject: 'Confirm your email for Pinboard', text, html };
}

/** `POST /v3/users/settings/email/verification/`: a new link for the unconfirmed address. */
export async function resendEmailVerification(
  deps: EmailVerificationDeps,
  userId: number,
  now: Date,
): Promise<EmailVerificationSent> {
  const state = await findEmailState(deps.db, userId);
  if (!state) throw new AppError('auth_required');
  if (!state.email || state.verifiedAt !== null) throw new AppError('email_already_verified');
  sendEmailVerification(deps, userId, state.email, now);
  return { email: state.email };
}

/**
 * `POST /v3/users/email/verify/`: confirms the address a link was made for, once, within its
 * lifetime, while it is still the account's address (a link to an address changed since says
 * it no longer works). Needs no sign-in: the token is the proof.
 */
export async function verifyEmail(db: Database, token: string, now: Date): Promise<VerifyEmailResult> {
  const idHash = hashToken(token);
  const found = await findEmailVerificationToken(db, idHash);
  if (!found || found.currentEmail?.toLowerCase() !== found.email.toLowerCase()) {
    throw new AppError('email_verification_invalid');
  }
  if (found.usedAt) throw new AppError('email_verification_used');
  if (found.expiresAt <= now) throw new AppError('email_verification_expired');
  await db.transaction(async (tx) => {
    // Another request used it a moment ago (or the address changed meanwhile): nothing changes.
    if (!(await consumeEmailVerificationToken(tx, idHash, now)))
      throw new AppError('email_verification_used');
  });
  return { email: found.email };
}
