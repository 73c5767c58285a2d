/** The `@name` being typed just before the caret (without its `@`), or null. */
export function mentionAt(text: string, caret: number): { start: number; term: string } | null {
  const match = /(^|[^\w@.])@([A-Za-z0-9_.]{1,30})$/.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, term: match[2]! };
}

/** The text with the `@name` at `start` (up to the caret) replaced by `@username ` ; and the new caret. */
export function insertMention(
  text: string,
  mention: { start: number; term: string },
  username: string,
): { text: string; caret: number } {
  const before = text.slice(0, mention.start);
  const after = text.slice(mention.start + 1 + mention.term.length);
  const inserted = `@${username} `;
  return { text: `${before}${inserted}${after.replace(/^ /, '')}`, caret: before.length + inserted.length };
}
