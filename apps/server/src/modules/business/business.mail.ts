import type { MailMessage } from '../../adapters/mail/index.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

/** The business access invitation: who invites, to which business, as what, and the link. */
export function businessInviteMail(input: {
  to: string;
  inviterName: string;
  businessName: string;
  role: string;
  link: string;
}): MailMessage {
  const roleName = input.role.toLowerCase().replace('_', ' ');
  const subject = `${input.inviterName} invited you to ${input.businessName} on Pinboard`;
  const lead = `${input.inviterName} invited you to help run ${input.businessName} on Pinboard as ${roleName}.`;
  const how = 'Log in (or sign up) with this email address and accept the invitation:';
  const text = [lead, '', how, input.link, ''].join('\n');
  const html = `<!doctype html><html><body>
<p>${escapeHtml(lead)}</p>
<p>${escapeHtml(how)} <a href="${escapeHtml(input.link)}">${escapeHtml(input.businessName)}</a></p>
</body></html>`;
  return { to: input.to, subject, text, html };
}
