import { escapeHtml } from '../../../lib/escape-html.ts';
import { inlineCodeHashes } from '../../../lib/inline-code-hashes.ts';

/**
 * The page a sign-in popup ends on (decision 21): it posts `message` to the window that opened it,
 * to our own origin only, and closes. The message travels as JSON in a data block (with `<`
 * escaped, so no value can end the script), never as JavaScript built from strings; the page's
 * only script and its stylesheet are allowed by their hashes, and `no-referrer` keeps the
 * address (a code) to itself.
 */
export function popupPage(input: { message: object; targetOrigin: string; title?: string }): {
  html: string;
  headers: Record<string, string>;
} {
  const html = popupHtml(input);
  const { scriptHashes, styleHashes } = inlineCodeHashes(html);
  return {
    html,
    headers: {
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-robots-tag': 'noindex',
      'content-security-policy': [
        "default-src 'none'",
        `script-src ${scriptHashes.join(' ')}`,
        `style-src ${styleHashes.join(' ')}`,
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
      ].join('; '),
    },
  };
}

function popupHtml(input: { message: object; targetOrigin: string; title?: string }): string {
  const data = JSON.stringify({ message: input.message, targetOrigin: input.targetOrigin }).replace(
    /</g,
    '\\u003c',
  );
  const title = input.title ?? 'Connecting…';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{font:15px/1.4 system-ui,sans-serif;margin:2rem;text-align:center}</style></head>
<body><p id="status">${escapeHtml(title)}</p>
<script type="application/json" id="popup-message">${data}</script>
<script>
(function () {
  var data = JSON.parse(document.getElementById('popup-message').textContent);
  if (window.opener) {
    window.opener.postMessage(data.message, data.targetOrigin);
    window.close();
  } else {
    document.getElementById('status').textContent = 'You can close this window.';
  }
})();
</script></body></html>`;
}
