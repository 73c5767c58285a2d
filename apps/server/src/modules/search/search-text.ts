/**
 * Pure helpers over a search text in websearch syntax (quoted phrases, `-word` exclusions, `or`).
 */

const HASHTAG_QUERY = /^#([\p{L}\p{N}_]+)$/u;
/** What can follow '#' in a stored hashtag (shared findHashtags keeps letters, digits and '_'). */
const HASHTAG_TEXT = /^[\p{L}\p{N}_]+$/u;
const TOKEN = /"[^"]*"?|\S+/g;
const PLAIN_WORD = /^[\p{L}\p{N}]{3,30}$/u;

/** The tag of a hashtag search (`#tag`, one tag), lower case, or null. */
export function hashtagOf(query: string): string | null {
  const match = HASHTAG_QUERY.exec(query.trim());
  return match ? match[1]!.toLowerCase() : null;
}

/** Whether `text` (without its '#') can be, or begin, a stored hashtag. */
export function isHashtagText(text: string): boolean {
  return HASHTAG_TEXT.test(text);
}

/**
 * The words a typo could be in: lower-case words of 3 to 30 letters or digits, outside quoted
 * phrases, not excluded with '-', not the `or` operator. Quoted phrases mean exact words.
 */
export function correctableWords(query: string): string[] {
  const words = new Set<string>();
  for (const [token] of query.toLowerCase().matchAll(TOKEN)) {
    if (token.startsWith('"') || token.startsWith('-') || token === 'or') continue;
    if (PLAIN_WORD.test(token)) words.add(token);
  }
  return [...words];
}

/** The query with each corrected word replaced by its correction, the syntax kept. */
export function applyCorrections(query: string, corrections: ReadonlyMap<string, string>): string {
  return query.toLowerCase().replace(TOKEN, (token) => corrections.get(token) ?? token);
}
