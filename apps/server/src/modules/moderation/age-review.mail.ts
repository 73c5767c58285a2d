import type { MailMessage } from '../../adapters/mail/index.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

/**
 * The mail telling someone the outcome of the age review they asked for (decision 54). It is
 * transactional mail (decision 53): sent once, for their own request, with no unsubscribe link.
 * The review page (`/age-appeal/`) in the browser that asked still shows the outcome too; only
 * there is the sign-up block lifted, because the browser holds it.
 */
export function ageReviewOutcomeMail(input: {
  to: string;
  outcome: 'approved' | 'denied';
  publicUrl: string;
}): MailMessage {
  const pageUrl = new URL('/age-appeal/', input.publicUrl).toString();
  const approved = input.outcome === 'approved';
  const subject = approved ? 'Your Pinboard age review was approved' : 'Your Pinboard age review';
  const lines = approved
    ? [
        'We reviewed the birthday you gave us and approved it. You can sign up for Pinboard now.',
        'Open this link in the browser you asked from to continue:',
      ]
    : [
        'We reviewed the birthday you gave us and can’t let you sign up for Pinboard right now.',
        'You can see the outcome of your review here:',
      ];
  const text = [lines[0], `${lines[1]} ${pageUrl}`, ''].join('\n');
  const html = `<!doctype html><html><body>
<p>${escapeHtml(lines[0]!)}</p>
<p>${escapeHtml(lines[1]!)} <a href="${escapeHtml(pageUrl)}">${escapeHtml(pageUrl)}</a></p>
</body></html>`;
  return { to: input.to, subject, text, html };
}
