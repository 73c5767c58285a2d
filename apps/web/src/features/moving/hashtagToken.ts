/**
 * The hashtag being typed: '#' and word characters right before the caret (docs/product/saving.md#rules),
 * where a '#' inside a word ('a#b', '&#39;') starts none. `start` is the index of the '#',
 * `end` the end of the word (the caret may sit inside it), `query` what follows the '#'.
 */
export interface HashtagToken {
  start: number;
  end: number;
  query: string;
}

const TAG_BEFORE_CARET = /(?<![\p{L}\p{N}_&])#([\p{L}\p{N}_]+)$/u;
const WORD_AFTER_CARET = /^[\p{L}\p{N}_]*/u;

export function findHashtagToken(text: string, caret: number): HashtagToken | null {
  const match = TAG_BEFORE_CARET.exec(text.slice(0, caret));
  if (!match) return null;
  const rest = WORD_AFTER_CARET.exec(text.slice(caret))![0];
  return { start: match.index, end: caret + rest.length, query: match[1]! + rest };
}

/** The text with the token replaced by the chosen tag and a space; the caret goes after both. */
export function insertHashtag(
  text: string,
  token: HashtagToken,
  tag: string,
): { text: string; caret: number } {
  const hashtag = tag.startsWith('#') ? tag : `#${tag}`;
  const after = text.slice(token.end);
  const spaced = after.startsWith(' ') ? after : ` ${after}`;
  return { text: text.slice(0, token.start) + hashtag + spaced, caret: token.start + hashtag.length + 1 };
}
