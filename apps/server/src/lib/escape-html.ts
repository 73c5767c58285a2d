/**
 * Text made safe inside HTML elements and quoted attributes (mail bodies, the dev outbox page,
 * the home page's preloads and first-row preview).
 */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
