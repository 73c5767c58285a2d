import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Who may see what is decided in src/policies only (decision 37). This test reads every source
 * file of the server and fails on a visibility condition written anywhere else, so a new query
 * takes its rule from the policy layer instead of writing its own copy of it.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/** Files that may write these conditions, and why. */
const ALLOWED: Record<string, string> = {
  'policies/': 'the policy layer itself',
  'db/schema/': 'column definitions and defaults, not conditions',
  'db/migrations/': 'the count triggers are SQL of their own',
  // It adds, in one statement per count, what the pin triggers skipped during the load would have
  // added: the triggers' count rules (migrations 0001, 0010 and 0014), not a read's visibility.
  'cli/seed-bulk-load.ts': 'replays the count triggers of a bulk load',
  // The check of the triggers: it recounts by their rules on its own, so it can catch them wrong.
  'db/kept-counts.ts': "recounts the kept counts by the count triggers' rules",
};

/**
 * Conditions, not writes: an SQL `set` cannot qualify its column (`set status = …`), so a
 * qualified column compared is a condition; Drizzle's `eq`/`ne` with a literal value is one too.
 * A filter by a privacy the caller chose (`eq(boards.privacy, page.privacy)`) only narrows what
 * the policy lets through and is not matched. `status` is matched with the values of accounts
 * only: uploads, invitations and QR codes have statuses of their own, and those of campaigns, ad
 * groups and ads are upper case ('ACTIVE'), so the values are matched case-sensitively.
 */
const ACCOUNT_STATUS = `'(?:active|suspended|deactivated|soft_banned)'`;
const PATTERNS: { name: string; pattern: RegExp }[] = [
  { name: 'a board privacy compared in SQL', pattern: /\b\w+\.privacy\s*(?:=|<>|!=|\bin\b)\s*[('$]/i },
  {
    name: 'an unqualified privacy condition in SQL',
    pattern: /\b(?:where|and|or|on)\s+privacy\s*(?:=|<>|!=)/i,
  },
  { name: 'a board privacy compared in Drizzle', pattern: /\b(?:eq|ne)\(\s*\w+\.privacy\s*,\s*'/ },
  {
    name: 'an account status compared in SQL',
    pattern: new RegExp(`\\b\\w+\\.status\\s*(?:=|<>|!=)\\s*${ACCOUNT_STATUS}`),
  },
  {
    name: 'an account status compared in SQL',
    pattern: new RegExp(`\\$\\{\\w+\\.status\\}\\s*(?:=|<>|!=)\\s*'active'`),
  },
  {
    name: 'an unqualified account status condition in SQL',
    pattern: new RegExp(
      `\\b(?:where|and|or|on|WHERE|AND|OR|ON)\\s+status\\s*(?:=|<>|!=)\\s*${ACCOUNT_STATUS}`,
    ),
  },
  { name: 'an account status compared in Drizzle', pattern: /\b(?:eq|ne)\(\s*\w+\.status\s*,\s*'active'/ },
  { name: 'an unarchived board as an SQL condition', pattern: /\barchived_at\s+is\s+null\b/i },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Lines that are code: comments may name a rule in words. */
function codeLines(text: string): { line: number; code: string }[] {
  const lines: { line: number; code: string }[] = [];
  let inBlock = false;
  text.split('\n').forEach((raw, index) => {
    const trimmed = raw.trim();
    if (inBlock) {
      if (trimmed.includes('*/')) inBlock = false;
      return;
    }
    if (trimmed.startsWith('/*')) {
      inBlock = !trimmed.includes('*/');
      return;
    }
    if (trimmed.startsWith('//')) return;
    lines.push({ line: index + 1, code: raw });
  });
  return lines;
}

function findConditions(files: string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    for (const { line, code } of codeLines(readFileSync(file, 'utf8'))) {
      for (const { name, pattern } of PATTERNS) {
        if (pattern.test(code))
          found.push(`src/${path.relative(SRC, file)}:${line}: ${name}: ${code.trim()}`);
      }
    }
  }
  return found;
}

const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
const allowed = (file: string) => Object.keys(ALLOWED).some((prefix) => relative(file).startsWith(prefix));

describe('the policy layer', () => {
  const files = sourceFiles(SRC);

  it('is the only place a visibility condition is written', () => {
    const outside = findConditions(files.filter((file) => !allowed(file)));
    expect(outside, `Take these from src/policies/visibility.ts instead:\n${outside.join('\n')}`).toEqual([]);
  });

  const matches = (code: string) => PATTERNS.some(({ pattern }) => pattern.test(code));

  it.each([
    "join boards on boards.id = pins.board_id and boards.privacy = 'public'",
    "where b.id = c.board_id and b.privacy = 'public' and o.status = 'active')",
    "join users pinner on pinner.id = pins.pinner_id and pinner.status = 'active'",
    "select 1 from users where status = 'active'",
    "where boards.privacy = 'public' and boards.archived_at is null",
    "if (viewerId === null) return eq(boards.privacy, 'public');",
    ".where(and(eq(users.id, id), eq(users.status, 'active')))",
    "sql`${users.status} = 'active'`",
  ])('catches a condition: %s', (code) => {
    expect(matches(code)).toBe(true);
  });

  it.each([
    "update users set status = 'active' where id = $1",
    ".set({ status: 'active', updatedAt: new Date() })",
    ".where(and(eq(users.id, userId), eq(users.status, 'soft_banned')))",
    "status: sql`case when ${users.status} = 'soft_banned' then 'active' else ${users.status} end`,",
    "page.privacy === 'all' ? undefined : eq(boards.privacy, page.privacy),",
    "eq(qrLogins.status, 'pending')",
    'privacy: boards.privacy,',
  ])('lets a write or a non-visibility condition through: %s', (code) => {
    expect(matches(code)).toBe(false);
  });
});
