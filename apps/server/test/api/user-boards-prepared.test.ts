import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/sql-helpers.ts';
import {
  listFirstUserBoards,
  listUserBoards,
  loadBoardExtras,
} from '../../src/modules/boards/boards.repository.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { TEST_ENGINE } from '../helpers/test-database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const firstPage = {
  sort: 'last_pinned_to',
  privacy: 'all',
  includeArchived: false,
  after: null,
  limit: 26,
} as const;

describe("a profile's boards", () => {
  // Named statements are PostgreSQL's (PGlite's driver ignores the names, decision 15).
  it.skipIf(TEST_ENGINE !== 'postgres')(
    'come from a statement the connection prepared once, for visitors and viewers',
    async () => {
      const owner = await t.make.user();
      const viewer = await t.make.user();
      const shown = await t.make.board(owner.id, { name: 'Shown' });
      await t.db.execute(
        sql`insert into board_collaborators (board_id, user_id) values (${shown.id}, ${viewer.id})`,
      );
      await t.make.board(owner.id, { name: 'Hidden', privacy: 'secret' });
      // One transaction: one connection, whose prepared statements the last query lists.
      const prepared = await t.db.transaction(async (tx) => {
        let rows: Awaited<ReturnType<typeof listFirstUserBoards>> = [];
        // By username, in any case, in the statement itself (decision 60).
        const username = owner.username.toUpperCase();
        for (let i = 0; i < 2; i++) {
          rows = await listFirstUserBoards(tx, { username, viewerId: null, sort: firstPage.sort });
          expect(rows.map((b) => b.name)).toEqual(['Shown']);
          expect(
            (await listFirstUserBoards(tx, { username, viewerId: viewer.id, sort: firstPage.sort })).map(
              (b) => b.name,
            ),
          ).toEqual(['Shown']);
        }
        expect(
          await listFirstUserBoards(tx, { username: 'nobody_here', viewerId: null, sort: 'alphabetical' }),
        ).toEqual([]);
        // The row's kept collaborator count asks for the avatars.
        expect(rows[0]!.collaboratorCount).toBe(1);
        const extras = await loadBoardExtras(tx, rows);
        expect(extras.collaborators.get(shown.id)?.map((user) => Number(user.id))).toEqual([viewer.id]);
        return selectRows<{ name: string; runs: number }>(
          tx,
          sql`select name, (generic_plans + custom_plans)::int as runs from pg_prepared_statements
            where name like 'user_boards_first_%' or name in ('board_collaborator_avatars', 'board_thumbnails')
            order by name`,
        );
      });
      expect(prepared).toEqual([
        { name: 'board_collaborator_avatars', runs: 1 },
        { name: 'board_thumbnails', runs: 1 },
        { name: 'user_boards_first_alphabetical_visitor', runs: 1 },
        { name: 'user_boards_first_last_pinned_to_viewer', runs: 2 },
        { name: 'user_boards_first_last_pinned_to_visitor', runs: 2 },
      ]);
    },
  );

  it('show the owner their secret board on the prepared first page, and a later page alike', async () => {
    const owner = await t.make.user();
    await t.make.board(owner.id, { name: 'Open' });
    await t.make.board(owner.id, { name: 'Mine only', privacy: 'secret' });
    const first = await listFirstUserBoards(t.db, {
      username: owner.username,
      sort: 'alphabetical',
      viewerId: owner.id,
    });
    expect(first.map((b) => b.name)).toEqual(['Mine only', 'Open']);
    const later = await listUserBoards(t.db, {
      ...firstPage,
      sort: 'alphabetical',
      userId: owner.id,
      viewerId: owner.id,
      after: first[0]!.sortKey,
    });
    expect(later.map((b) => b.name)).toEqual(['Open']);
  });
});
