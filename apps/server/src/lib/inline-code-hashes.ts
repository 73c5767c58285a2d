import { createHash } from 'node:crypto';

const INLINE_STYLE = /<style>([^]*?)<\/style>/g;
// Scripts that run: no `src`, and no type but JavaScript's (a JSON data block is never run).
const INLINE_SCRIPT =
  /<script(?![^>]*\ssrc=)(?![^>]*\stype="(?!module"|text\/javascript")[^"]*")[^>]*>([^]*?)<\/script>/g;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The Content-Security-Policy sources (`'sha256-…'`) that allow exactly the inline scripts and
 * `<style>` elements of a page the server wrote, for a page whose bytes do not change per
 * response. A browser hashes an element's text as it is between the tags, as here.
 */
export function inlineCodeHashes(html: string): { scriptHashes: string[]; styleHashes: string[] } {
  return {
    scriptHashes: [...html.matchAll(INLINE_SCRIPT)].map((match) => sha256(match[1]!)),
    styleHashes: [...html.matchAll(INLINE_STYLE)].map((match) => sha256(match[1]!)),
  };
}

// A `style` attribute in double quotes, as React writes them.
const STYLE_ATTRIBUTE = /\sstyle="([^"]*)"/g;
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
};

/**
 * The hashes of a page's distinct `style` attributes, for `'unsafe-hashes'`: markup the server
 * rendered with React carries its inline styles (the shell's sizes, a picture's placeholder
 * colour) as attributes, which a policy without them would leave unapplied, and hydration does
 * not set them again. A browser hashes an attribute's value as decoded, as here.
 */
export function styleAttributeHashes(html: string): string[] {
  const values = new Set<string>();
  for (const [, raw] of html.matchAll(STYLE_ATTRIBUTE)) {
    values.add(raw!.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity]!));
  }
  return [...values].map(sha256);
}
