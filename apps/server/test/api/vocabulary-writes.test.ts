import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../src/db/client.ts';
import { pins } from '../../src/db/schema/pins.ts';
import { selectRows } from '../../src/db/sql-helpers.ts';
import { listVocabularyHashtags } from '../../src/modules/search/typeahead.repository.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { TEST_ENGINE } from '../helpers/test-database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The vocabulary row a connection adds to (migration 0024's `search_terms_shard()`). */
async function shardOf(tx: Executor): Promise<number> {
  const [row] = await selectRows<{ shard: number }>(tx, sql`select (pg_backend_pid() % 32)::int as shard`);
  return row!.shard;
}

const termCount = async (term: string) => {
  const [row] = await selectRows<{ count: number | null }>(
    t.db,
    sql`select sum(pin_count)::int as count from search_terms where term = ${term}`,
  );
  return row?.count ?? 0;
};

describe('the search vocabulary under concurrent pin writes', () => {
  // PGlite is one connection: writes never overlap there.
  it.skipIf(TEST_ENGINE !== 'postgres')(
    'lets a pin sharing a word with an uncommitted one be written without waiting, and counts both',
    async () => {
      // Two people, each saving onto a board of their own: only the words are shared.
      const [first, second] = await Promise.all([t.make.user(), t.make.user()]);
      const boardOf = new Map([
        [first.id, (await t.make.board(first.id)).id],
        [second.id, (await t.make.board(second.id)).id],
      ]);
      const image = await t.make.image();
      const word = `w${randomBytes(6).toString('hex')}`;
      const pinWith = (pinnerId: number, title: string) => ({
        pinnerId,
        boardId: boardOf.get(pinnerId)!,
        imageId: image.id,
        dominantColor: '#336699',
        title,
        createdMethod: 'uploaded' as const,
      });

      // The first write holds its transaction open after its insert (as a save does until commit).
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let reportShard!: (shard: number) => void;
      const firstShard = new Promise<number>((resolve) => (reportShard = resolve));
      const firstWrite = t.db.transaction(async (tx) => {
        await tx.insert(pins).values(pinWith(first.id, `Lantern ${word} one`));
        reportShard(await shardOf(tx));
        await held;
      });
      const shardOfFirst = await firstShard;

      try {
        // Four transactions open at once hold four other connections; one whose row is not the
        // first one's writes the second pin, and may not wait for the first write's commit.
        let open = 0;
        let allOpen!: () => void;
        const everyoneOpen = new Promise<void>((resolve) => (allOpen = resolve));
        let writer: number | null = null;
        const seconds = await Promise.all(
          Array.from({ length: 4 }, (_, index) =>
            t.db.transaction(async (tx) => {
              const shard = await shardOf(tx);
              if (shard !== shardOfFirst && writer === null) writer = index;
              open += 1;
              if (open === 4) allOpen();
              await everyoneOpen;
              if (writer !== index) return false;
              await tx.execute(sql`set local lock_timeout = '3s'`);
              await tx.insert(pins).values(pinWith(second.id, `Lantern ${word} two`));
              return true;
            }),
          ),
        );
        expect(seconds.filter(Boolean)).toHaveLength(1);
      } finally {
        release();
        await firstWrite;
      }
      expect(await termCount(word)).toBe(2);
      expect(await termCount('lantern')).toBeGreaterThanOrEqual(2);
    },
  );

  it('ranks a term by the sum of its rows', async () => {
    const tag = `#v${randomBytes(4).toString('hex')}`;
    // One row of 3 against two of 2: summed, the second tag is the more used.
    await t.db.execute(sql`insert into search_terms (term, shard, pin_count)
      values (${`${tag}a`}, 0, 3), (${`${tag}b`}, 0, 2), (${`${tag}b`}, 7, 2)`);
    expect(await listVocabularyHashtags(t.db, tag.slice(1), 5)).toEqual([`${tag}b`, `${tag}a`]);
    expect(await termCount(`${tag}b`)).toBe(4);
  });
});
