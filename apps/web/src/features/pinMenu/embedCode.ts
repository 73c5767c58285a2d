import type { Pin } from '@pinboard/shared';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The pin's canonical address on this site. */
export function pinUrl(origin: string, pin: Pin): string {
  return `${origin}/pin/${pin.id}/`;
}

/**
 * The HTML snippet another site pastes to show the pin: a link to its canonical address with its
 * picture (the 236 px rendition, at its size) and its title, each value escaped. Plain HTML, no
 * script: it shows wherever it is pasted.
 */
export function embedCode(origin: string, pin: Pin, fallbackTitle: string): string {
  const url = escapeHtml(pinUrl(origin, pin));
  const image = pin.images['236x'];
  const src = escapeHtml(new URL(image.url, origin).href);
  const title = escapeHtml(pin.title || fallbackTitle);
  const alt = escapeHtml(pin.alt_text || pin.title || fallbackTitle);
  return [
    `<a href="${url}" target="_blank" rel="noopener" style="display:inline-block;width:${image.width}px;font:600 14px/1.3 sans-serif;color:#111;text-decoration:none">`,
    `  <img src="${src}" width="${image.width}" height="${Math.round(image.height)}" alt="${alt}" style="display:block;border-radius:16px">`,
    `  <span style="display:block;padding-top:8px">${title}</span>`,
    `</a>`,
  ].join('\n');
}
