import type { MailMessage } from '../../adapters/mail/index.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

/** The invitation mail: who invites, to which board, and the board's link. */
export function inviteMail(input: {
  to: string;
  inviterName: string;
  boardName: string;
  link: string;
}): MailMessage {
  const subject = `${input.inviterName} invited you to collaborate on ${input.boardName}`;
  const lead = `${input.inviterName} invited you to save Pins together on the board "${input.boardName}" on Pinboard.`;
  const how = 'Log in (or sign up) with this email address and accept the invitation:';
  const text = [lead, '', how, input.link, ''].join('\n');
  const html = `<!doctype html><html><body>
<p>${escapeHtml(lead)}</p>
<p>${escapeHtml(how)} <a href="${escapeHtml(input.link)}">${escapeHtml(input.boardName)}</a></p>
</body></html>`;
  return { to: input.to, subject, text, html };
}
