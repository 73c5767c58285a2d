import { emailContainsProductName } from '@pinboard/shared';
import type { AccountSecurity, ChangeEmailBody } from '@pinboard/shared/settings';
import type { MailMessage } from '../../adapters/mail/index.ts';
import { uniqueViolation } from '../../db/sql-helpers.ts';
import { AppError } from '../../lib/app-error.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { resetPasswordUrl, type RecoveryDeps } from '../auth/recovery/recovery.service.ts';
import { sendEmailVerification } from './email-verification.service.ts';
import { reauthenticate } from './reauth.ts';
import { getAccountSecurity } from './security.service.ts';
import { updateEmail } from './settings.repository.ts';

/**
 * `POST /v3/users/settings/email/`: the password first (so a stolen session learns nothing about
 * other accounts' addresses), then the sign-up rules the schema cannot check: the product's
 * name, not the current address (any case), and not another account's: the unique index
 * decides that, so two accounts racing for one address get one winner and one `email_taken`.
 * The old address is told afterwards, in the background: the change stands if the mail fails.
 * The new address is unconfirmed until the link mailed to it is opened (decision 46).
 */
export async function changeEmail(
  deps: RecoveryDeps,
  userId: number,
  body: ChangeEmailBody,
): Promise<AccountSecurity> {
  const facts = await reauthenticate(deps, userId, body.password);
  if (emailContainsProductName(body.email)) throw new AppError('email_contains_product_name');
  if (facts.email?.toLowerCase() === body.email.toLowerCase()) throw new AppError('email_unchanged');
  try {
    await updateEmail(deps.db, userId, body.email);
  } catch (error) {
    if (uniqueViolation(error) === 'users_email_lower_key') throw new AppError('email_taken');
    throw error;
  }
  sendEmailVerification(deps, userId, body.email, new Date());
  const oldEmail = facts.email;
  if (oldEmail) {
    const resetLink = resetPasswordUrl(deps);
    deps.background.run('email-changed-mail', () =>
      deps.mailer.send(emailChangedMail({ to: oldEmail, newEmail: body.email, resetLink })),
    );
  }
  return getAccountSecurity(deps, userId);
}

/** `ada.new@example.co.uk` → `a***@e***.uk`: enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  return `${email.slice(0, 1)}***@${domain.slice(0, 1)}***${domain.slice(dot)}`;
}

/** The notice to the old address; the new one is masked, so whoever reads the old mailbox learns little. */
export function emailChangedMail(input: { to: string; newEmail: string; resetLink: string }): MailMessage {
  const changed = `Your Pinboard email was changed to ${maskEmail(input.newEmail)}.`;
  const notYou = "If this wasn't you, reset your password:";
  const text = [changed, `${notYou} ${input.resetLink}`, ''].join('\n');
  const html = `<!doctype html><html><body>
<p>${escapeHtml(changed)}</p>
<p>${escapeHtml(notYou)} <a href="${escapeHtml(input.resetLink)}">${escapeHtml(input.resetLink)}</a></p>
</body></html>`;
  return { to: input.to, subject: 'Your Pinboard email was changed', text, html };
}
