import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/sql-helpers.ts';
import { loadBoardExtras } from '../../src/modules/boards/boards.repository.ts';
import {
  listPinsNewestFirst,
  listPublicPinsInOrder,
  pinFilters,
} from '../../src/modules/pins/pins.repository.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { TEST_ENGINE } from '../helpers/test-database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type PlanCounts = { name: string; generic: number; custom: number };

// Named statements and their plans are PostgreSQL's (PGlite's driver ignores the names, decision 15).
describe.skipIf(TEST_ENGINE !== 'postgres')('the lists of a board keep their generic plans', () => {
  it('a small board’s page, read by a viewer who owns nothing, is planned five times, not on every run', async () => {
    const owner = await t.make.user();
    const viewer = await t.make.user();
    const big = await t.make.board(owner.id, { name: 'Big' });
    const small = await t.make.board(owner.id, { name: 'Small' });
    const image = await t.make.image();
    await t.db
      .execute(sql`insert into pins (pinner_id, board_id, image_id, dominant_color, title, created_method)
      select ${owner.id}, ${big.id}, ${image.id}, '#336699', 'Pin ' || g, 'uploaded' from generate_series(1, 400) g`);
    await t.make.pin(owner.id, small.id, { title: 'Alone' });
    // Statistics that tell the planner how much smaller the small board is: a plan made for its
    // id (and for a viewer with no boards) is priced far below the generic plan.
    await t.db.execute(sql`analyze pins`);
    await t.db.execute(sql`analyze boards`);

    const counts = await t.db.transaction(async (tx) => {
      // Planning is priced at almost nothing: a plan made for the values is then kept whenever it
      // is priced below the generic plan at all. Through `opaqueParam` the two are priced alike.
      await tx.execute(sql`set local cpu_operator_cost = 0.00001`);
      for (let i = 0; i < 8; i++) {
        const rows = await listPinsNewestFirst(tx, pinFilters.onBoard(small.id), {
          viewerId: viewer.id,
          beforeId: null,
          limit: 26,
        });
        expect(rows.map((row) => row.title)).toEqual(['Alone']);
        const extras = await loadBoardExtras(tx, [{ id: small.id, collaboratorCount: 0 }]);
        expect(extras.thumbnails.get(small.id)).toHaveLength(1);
      }
      return selectRows<PlanCounts>(
        tx,
        sql`select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
          where name in ('pins_onBoard_viewer_26', 'board_thumbnails') order by name`,
      );
    });
    // PostgreSQL plans the first five runs for their values, then keeps the generic plan unless
    // those were priced below it.
    expect(counts).toEqual([
      { name: 'board_thumbnails', generic: 3, custom: 5 },
      { name: 'pins_onBoard_viewer_26', generic: 3, custom: 5 },
    ]);
  });
});

describe.skipIf(TEST_ENGINE !== 'postgres')('the pins read by ids keep their generic plans', () => {
  it('a few ids for a signed-in viewer (the promoted winners) are planned five times, not on every run', async () => {
    const owner = await t.make.user();
    const viewer = await t.make.user();
    const board = await t.make.board(owner.id, { name: 'Few' });
    const few: number[] = [];
    for (let i = 0; i < 3; i += 1) few.push((await t.make.pin(owner.id, board.id, { title: `Few ${i}` })).id);
    // Many pins, the viewer's among them: a plan made for three ids and this viewer is priced
    // below the generic plan.
    const image = await t.make.image();
    await t.db
      .execute(sql`insert into pins (pinner_id, board_id, image_id, dominant_color, title, created_method)
      select ${owner.id}, ${board.id}, ${image.id}, '#336699', 'Many ' || g, 'uploaded' from generate_series(1, 2000) g`);
    await t.db.execute(sql`analyze pins`);
    await t.db.execute(sql`analyze boards`);
    await t.db.execute(sql`analyze users`);
    const counts = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local cpu_operator_cost = 0.00001`);
      for (let i = 0; i < 8; i++) {
        const rows = await listPublicPinsInOrder(tx, few, viewer.id);
        expect(rows.map((row) => row.title)).toEqual(['Few 0', 'Few 1', 'Few 2']);
        expect(await listPublicPinsInOrder(tx, [few[0]!])).toHaveLength(1);
      }
      return selectRows<PlanCounts>(
        tx,
        sql`select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
          where name in ('public_pins_by_ids', 'public_pins_by_ids_for_viewer') order by name`,
      );
    });
    expect(counts).toEqual([
      { name: 'public_pins_by_ids', generic: 3, custom: 5 },
      { name: 'public_pins_by_ids_for_viewer', generic: 3, custom: 5 },
    ]);
  });
});
