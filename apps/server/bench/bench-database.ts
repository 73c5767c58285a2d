/**
 * The bench reads its ids from the bench database itself, and checks the rows after the writes,
 * through the server's own `openDatabase`. PGlite is one process's: the server must be stopped,
 * and the data directory's lock is taken meanwhile so a server cannot start on it by mistake.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Executor } from '../src/db/client.ts';
import { countDriftedCounts, type DriftedCounts } from '../src/db/kept-counts.ts';
import { int8Array, selectRows } from '../src/db/sql-helpers.ts';
import { acquireDataDirLock } from '../src/lib/data-dir-lock.ts';
import { activeAccountAs, listedPublicBoardAs, publicPinAs } from '../src/policies/visibility.ts';
import type { EngineSetup } from './engine-run.ts';

/** Ids any signed-in person may see, over the whole seed. */
export interface SeedIds {
  /** Pins on public, unarchived boards of active people. */
  pinIds: number[];
  /** Public, unarchived boards of active people. */
  boardIds: number[];
  /** Sections of those boards. */
  sectionIds: number[];
  /** Active people's usernames. */
  usernames: string[];
}

/** Opens the engine's database in this process, runs `work`, closes it (and the lock) whatever happens. */
export async function withBenchDatabase<T>(
  setup: EngineSetup,
  work: (db: Executor) => Promise<T>,
): Promise<T> {
  const lock = setup.databaseUrl ? null : acquireDataDirLock(setup.dataDir);
  try {
    const handle = await openDatabase({
      databaseUrl: setup.databaseUrl,
      pgliteDir: path.join(setup.dataDir, 'pglite'),
    });
    try {
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  } finally {
    lock?.release();
  }
}

export async function readSeedIds(db: Executor): Promise<SeedIds> {
  // The policy layer's own rules: a pin anyone may open, boards (and their sections) any list shows.
  const pins = await selectRows<{ id: string }>(db, sql`select p.id from pins p where ${publicPinAs('p')}`);
  const boards = await selectRows<{ id: string }>(
    db,
    sql`select b.id from boards b join users u on u.id = b.owner_id where ${listedPublicBoardAs('b', 'u')}`,
  );
  const sections = await selectRows<{ id: string }>(
    db,
    sql`select s.id from board_sections s join boards b on b.id = s.board_id join users u on u.id = b.owner_id
        where ${listedPublicBoardAs('b', 'u')}`,
  );
  const users = await selectRows<{ username: string }>(
    db,
    sql`select u.username from users u where ${activeAccountAs('u')}`,
  );
  return {
    pinIds: pins.map((row) => Number(row.id)),
    boardIds: boards.map((row) => Number(row.id)),
    sectionIds: sections.map((row) => Number(row.id)),
    usernames: users.map((row) => row.username),
  };
}

/** What the database says after the writes. */
export interface RowsAfterWrites {
  drifted: DriftedCounts;
  /** Pins on the bench people's boards. */
  pinsOnBenchBoards: number;
  /** Of the saves answered 2xx as new, those whose pin is not on the board the answer named. */
  answeredButMissing: number;
}

/**
 * Recounts every kept count, and checks that each save answered as added is a row on its board.
 * `saved` holds `pin id → board id` from those answers.
 */
export async function checkRowsAfterWrites(
  db: Executor,
  benchBoardIds: number[],
  saved: Map<number, number>,
): Promise<RowsAfterWrites> {
  const drifted = await countDriftedCounts(db);
  const [onBoards] = await selectRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from pins where board_id = any(${int8Array(benchBoardIds)})`,
  );
  let found = 0;
  const pinIds = [...saved.keys()];
  for (let start = 0; start < pinIds.length; start += 1000) {
    const rows = await selectRows<{ id: string; board_id: string }>(
      db,
      sql`select id, board_id from pins where id = any(${int8Array(pinIds.slice(start, start + 1000))})`,
    );
    found += rows.filter((row) => saved.get(Number(row.id)) === Number(row.board_id)).length;
  }
  return { drifted, pinsOnBenchBoards: onBoards?.count ?? 0, answeredButMissing: saved.size - found };
}
