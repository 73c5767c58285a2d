import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPinsInBulk } from '../../src/cli/seed-bulk-load.ts';
import { boards, boardSections } from '../../src/db/schema/boards.ts';
import { searchTerms } from '../../src/db/schema/discovery.ts';
import { boardPinnerCounts, pins } from '../../src/db/schema/pins.ts';
import { users } from '../../src/db/schema/users.ts';
import { selectRows } from '../../src/db/sql-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setUp() {
  const owner = await t.make.user();
  const board = await t.make.board(owner.id, { privacy: 'public' });
  const secret = await t.make.board(owner.id, { privacy: 'secret' });
  const section = await t.make.section(board.id);
  const image = await t.make.image();
  const original = await t.make.pin(owner.id, board.id, { imageId: image.id, title: 'The original' });
  return { owner, board, secret, section, image, original };
}

// A term's count is the sum of its rows (one per connection that added to it, migration 0024).
const termCount = async (term: string) =>
  (await t.db.select().from(searchTerms).where(eq(searchTerms.term, term))).reduce(
    (sum, row) => sum + row.pinCount,
    0,
  );

describe('inserting pins in bulk (the seed)', () => {
  it('ends with the counts and vocabulary the per-pin triggers would have kept', async () => {
    const { owner, board, secret, section, image, original } = await setUp();
    const day = Date.UTC(2026, 0, 1);
    const values = Array.from({ length: 30 }, (_, i) => ({
      pinnerId: owner.id,
      boardId: i < 25 ? board.id : secret.id,
      sectionId: i < 10 ? section.id : null,
      imageId: image.id,
      dominantColor: '#336699',
      // A word twice in one pin counts once for that pin, as the trigger counts it.
      title: `Zanzibarbulk lamp ${i}`,
      description: 'zanzibarbulk again',
      hashtags: ['bulktagxyz'],
      // A board holds one save of a pin: one repin of the original here, one on the secret board.
      viaPinId: i === 3 || i === 27 ? original.id : null,
      createdMethod: 'uploaded' as const,
      createdAt: new Date(day + i * 3_600_000),
    }));
    const inserted = await t.db.transaction((tx) => insertPinsInBulk(tx, values));
    expect(inserted).toHaveLength(30);

    const [boardRow] = await t.db.select().from(boards).where(eq(boards.id, board.id));
    const [secretRow] = await t.db.select().from(boards).where(eq(boards.id, secret.id));
    const [sectionRow] = await t.db.select().from(boardSections).where(eq(boardSections.id, section.id));
    const [ownerRow] = await t.db.select().from(users).where(eq(users.id, owner.id));
    const [originalRow] = await t.db.select().from(pins).where(eq(pins.id, original.id));
    expect(boardRow!.pinCount).toBe(26);
    expect(secretRow!.pinCount).toBe(5);
    expect(secretRow!.lastPinnedToAt).toEqual(new Date(day + 29 * 3_600_000));
    expect(sectionRow!.pinCount).toBe(10);
    expect(ownerRow!.pinCount).toBe(31);
    expect(originalRow!.repinCount).toBe(2);
    const perBoard = await t.db
      .select()
      .from(boardPinnerCounts)
      .where(eq(boardPinnerCounts.pinnerId, owner.id));
    expect(Object.fromEntries(perBoard.map((row) => [row.boardId, row.pinCount]))).toEqual({
      [board.id]: 26,
      [secret.id]: 5,
    });
    // Only pins on public boards feed the vocabulary.
    expect(await termCount('zanzibarbulk')).toBe(25);
    expect(await termCount('#bulktagxyz')).toBe(25);
    expect(await termCount('again')).toBeGreaterThanOrEqual(25);

    // Search vectors are still written per pin, board name included.
    const [vector] = await selectRows<{ matches: boolean }>(
      t.db,
      sql`select search_vector @@ to_tsquery('english', 'zanzibarbulk') as matches from pins where id = ${inserted[0]!.id}`,
    );
    expect(vector!.matches).toBe(true);

    // The setting ends with the transaction: the next pin is counted by its trigger again.
    await t.make.pin(owner.id, board.id, { imageId: image.id });
    const [after] = await t.db.select().from(boards).where(eq(boards.id, board.id));
    expect(after!.pinCount).toBe(27);
  });

  it("counts a suspended pinner's pins for the pinner only, as the pin trigger does", async () => {
    const { owner, board, section, image } = await setUp();
    const gone = await t.make.user({ status: 'suspended' });
    const value = (pinnerId: number) => ({
      pinnerId,
      boardId: board.id,
      sectionId: section.id,
      imageId: image.id,
      dominantColor: '#336699',
      title: 'Wombatbulk shelf',
      createdMethod: 'uploaded' as const,
    });
    await t.db.transaction((tx) => insertPinsInBulk(tx, [value(owner.id), value(gone.id), value(gone.id)]));
    const [boardRow] = await t.db.select().from(boards).where(eq(boards.id, board.id));
    const [sectionRow] = await t.db.select().from(boardSections).where(eq(boardSections.id, section.id));
    const [goneRow] = await t.db.select().from(users).where(eq(users.id, gone.id));
    expect(boardRow!.pinCount).toBe(2);
    expect(sectionRow!.pinCount).toBe(1);
    expect(goneRow!.pinCount).toBe(2);
  });

  it('leaves neither pins nor counts behind when the transaction fails', async () => {
    const { owner, board, image } = await setUp();
    const value = {
      pinnerId: owner.id,
      boardId: board.id,
      imageId: image.id,
      dominantColor: '#336699',
      title: 'Quokkabulk chair',
      createdMethod: 'uploaded' as const,
    };
    await expect(
      t.db.transaction(async (tx) => {
        await insertPinsInBulk(tx, [value, value]);
        throw new Error('crash midway');
      }),
    ).rejects.toThrow('crash midway');
    const [boardRow] = await t.db.select().from(boards).where(eq(boards.id, board.id));
    expect(boardRow!.pinCount).toBe(1);
    expect(await t.db.select().from(pins).where(eq(pins.boardId, board.id))).toHaveLength(1);
    expect(await termCount('quokkabulk')).toBe(0);
  });
});
