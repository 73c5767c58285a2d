import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstNameFromEmail } from '@pinboard/shared/auth/names';
import { users } from '../../src/db/schema/users.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The migration's statement that cleans names made from an email by the earlier rule (decision 45).
const drizzleDir = path.join(import.meta.dirname, '../../drizzle');
const migration = readdirSync(drizzleDir).find((name) => name.endsWith('_profile_editing.sql'))!;
const cleanup = readFileSync(path.join(drizzleDir, migration), 'utf8')
  .split('--> statement-breakpoint')
  .find((statement) => statement.includes('UPDATE "users"'))!;

/** The rule before the fix: dots and underscores as spaces, digits dropped, the rest kept. */
function earlierFirstName(email: string): string {
  return email
    .slice(0, email.lastIndexOf('@'))
    .replace(/[._]/g, ' ')
    .replace(/[0-9]/g, '')
    .split(' ')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase())
    .join(' ')
    .slice(0, 30)
    .trim();
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the profile migration', () => {
  it('gives names the earlier rule made from an email what the rule makes now, and leaves the rest', async () => {
    const derived = [
      'nora.tester+pins@example.com',
      'nora.tester+@example.com',
      "o'brien-smith99@example.com",
      'ADA.lovelace_1815@example.com',
      'x+a.very.long.local.part.with.many.words@example.com',
    ];
    const rows = [];
    for (const email of derived) {
      rows.push({ email, user: await t.make.user({ email, firstName: earlierFirstName(email) }) });
    }
    const typed = await t.make.user({ email: 'mary-jane@example.com', firstName: 'Mary-Jane' });
    const emptied = await t.make.user({ email: '+++@example.com', firstName: '+++' });

    await t.db.execute(sql.raw(cleanup));

    for (const { email, user } of rows) {
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.firstName, email).toBe(firstNameFromEmail(email, {}));
    }
    const nameOf = async (id: number) =>
      (await t.db.select().from(users).where(eq(users.id, id)))[0]!.firstName;
    expect(await nameOf(rows[0]!.user.id)).toBe('Nora Tester Pins');
    expect(await nameOf(typed.id)).toBe('Mary-Jane');
    expect(await nameOf(emptied.id)).toBe('+++');
  });
});
