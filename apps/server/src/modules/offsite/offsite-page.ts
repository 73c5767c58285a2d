import { ERRORS } from '@pinboard/shared/errors';
import { OFFSITE_PAGE_HOME_TEXT } from '@pinboard/shared/offsite-errors';
import { escapeHtml } from '../../lib/escape-html.ts';
import { inlineCodeHashes } from '../../lib/inline-code-hashes.ts';
import type { OffsiteOpening } from './offsite.service.ts';

export type OffsiteRefusal = Extract<OffsiteOpening, { kind: 'refused' }>['reason'];

const CODES = {
  blocked: 'offsite_link_blocked',
  suspicious: 'offsite_link_suspicious',
  porn: 'offsite_link_porn',
  invalid: 'offsite_token_invalid',
} as const;

/** Headers every `/offsite/` answer carries: the link (and the pin) stay out of referrers and caches. */
export const OFFSITE_HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
} as const;

/**
 * The explanation `/offsite/` shows instead of redirecting (decision 28): plain HTML with no
 * script, whose words are the error catalogue's (heading: the message's first sentence). The
 * address is shown as text, never as a link, and only when it was refused for being expired or
 * merely suspicious: a blocked or adult link is not repeated.
 */
export function offsitePage(reason: OffsiteRefusal, url: string | null) {
  const entry = ERRORS[CODES[reason]];
  const [heading, ...rest] = entry.message.split(/(?<=\.) /);
  const shown = url && (reason === 'invalid' || reason === 'suspicious') ? url : null;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(heading!)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#fff;color:#111}
main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.75rem;margin:0 0 .75rem}
code{display:block;margin:1rem 0;padding:.5rem;background:#efefef;border-radius:8px;overflow-wrap:anywhere}
a{display:inline-block;margin-top:1rem;padding:.75rem 1.25rem;border-radius:24px;background:#e60023;color:#fff;text-decoration:none;font-weight:600}</style></head>
<body><main><h1>${escapeHtml(heading!)}</h1>
<p>${escapeHtml(rest.join(' '))}</p>${shown ? `\n<code>${escapeHtml(shown)}</code>` : ''}
<a href="/">${escapeHtml(OFFSITE_PAGE_HOME_TEXT)}</a></main></body></html>`;
  return {
    status: entry.status,
    html,
    headers: {
      ...OFFSITE_HEADERS,
      'content-security-policy': `default-src 'none'; style-src ${inlineCodeHashes(html).styleHashes.join(' ')}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    },
  };
}
