export type DescriptionPart = { kind: 'text'; text: string } | { kind: 'hashtag'; tag: string };

// A tag starts at the beginning or after a character that cannot be part of a word or an
// address, so "a#b" and "example.com/#top" stay text.
const HASHTAG = /(^|[^\p{L}\p{N}_&/#])#([\p{L}\p{N}_]+)/gu;

/** A description split into plain text and hashtags (`tag` without the `#`), in order. */
export function splitHashtags(text: string): DescriptionPart[] {
  const parts: DescriptionPart[] = [];
  let textStart = 0;
  for (const match of text.matchAll(HASHTAG)) {
    const tagStart = match.index + match[1]!.length;
    if (tagStart > textStart) parts.push({ kind: 'text', text: text.slice(textStart, tagStart) });
    parts.push({ kind: 'hashtag', tag: match[2]! });
    textStart = tagStart + 1 + match[2]!.length;
  }
  if (textStart < text.length) parts.push({ kind: 'text', text: text.slice(textStart) });
  return parts;
}

/** Where a hashtag leads: a pin search for it (the search itself comes with discovery). */
export function hashtagSearchPath(tag: string): string {
  return `/search/pins/?q=${encodeURIComponent(`#${tag}`)}`;
}
