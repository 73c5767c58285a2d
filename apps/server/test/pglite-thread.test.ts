import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { PgliteThread } from '../src/db/pglite-thread.ts';
import { selectRows, uniqueViolation } from '../src/db/sql-helpers.ts';
import { boards } from '../src/db/schema/index.ts';
import { dataOf, signedInBrowser } from './helpers/board-writes.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { TEST_ENGINE } from './helpers/test-database.ts';

/**
 * The server runs PGlite in a worker thread (`PgliteThread`); the other test files use an
 * in-process PGlite for their many small databases. These run the app's kinds of work through
 * the worker: values of every kind, errors with their fields, transactions, concurrency, a crash.
 */
describe.skipIf(TEST_ENGINE !== 'pglite')('PGlite in a worker thread', () => {
  let handle: DatabaseHandle;
  let t: TestApp;
  const crashes: Error[] = [];

  beforeAll(async () => {
    const template = inject('templateDatabase');
    if (template.engine !== 'pglite') return;
    handle = await openDatabase({
      pgliteDump: new Blob([fs.readFileSync(template.dumpPath)]),
      pgliteThread: true,
      onConnectionError: (error) => crashes.push(error),
    });
    t = await createTestApp({ db: handle.db });
  });
  afterAll(async () => {
    await t?.close();
    await handle?.close();
  });

  const client = () => (handle.db as unknown as { $client: PgliteThread }).$client;

  it('runs in a worker', () => {
    expect(client()).toBeInstanceOf(PgliteThread);
  });

  it('round-trips dates, JSON, arrays, bigints, bytes and nulls as in-process PGlite does', async () => {
    const rows = await selectRows(
      handle.db,
      sql`
      select ${'2026-11-26T10:00:00.123Z'}::timestamptz as at, '2026-11-26'::date as day,
             '1 day 2 hours'::interval as span, ${JSON.stringify({ a: [1, 'b', null] })}::jsonb as doc,
             array[1, 2, 3]::int[] as ints, array['x', 'y']::text[] as texts,
             9007199254740993::bigint as big, 1.5::numeric as amount, '\\x0102'::bytea as bytes,
             null::text as nothing, true as yes`,
    );
    expect(rows[0]).toEqual({
      at: '2026-11-26 10:00:00.123+00',
      day: '2026-11-26',
      span: '1 day 02:00:00',
      doc: { a: [1, 'b', null] },
      ints: [1, 2, 3],
      texts: ['x', 'y'],
      big: 9007199254740993n,
      amount: '1.5',
      bytes: new Uint8Array([1, 2]),
      nothing: null,
      yes: true,
    });
    // Drizzle's own mapping of a timestamp column (a Date from the text) still applies.
    const owner = await t.make.user();
    const [board] = await handle.db
      .insert(boards)
      .values({ ownerId: owner.id, name: 'Dates', slug: 'dates' })
      .returning();
    expect(board!.createdAt).toBeInstanceOf(Date);
  });

  it('gives errors the fields PostgreSQL gave them, through Drizzle', async () => {
    const error = await handle.db.execute(sql`select 1 / 0`).catch((e: unknown) => e);
    expect((error as { cause: { code: string; message: string } }).cause).toMatchObject({
      code: '22012',
      message: 'division by zero',
    });
    const owner = await t.make.user();
    const duplicate = await t.make.user({ username: owner.username }).catch((e: unknown) => e);
    expect(uniqueViolation(duplicate)).toBe('users_username_lower_key');
    expect((duplicate as { cause: { detail: string } }).cause.detail).toMatch(/already exists/);
  });

  it('commits a transaction, rolls back a thrown one and a savepoint, and keeps it exclusive', async () => {
    await handle.db.execute(sql`create table thread_probe (id int primary key)`);
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (1)`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into thread_probe values (2)`);
          inner.rollback();
        })
        .catch(() => {});
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe values (3)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A unique violation inside a transaction rolls all of it back.
    const failed = await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe values (4)`);
        await tx.execute(sql`insert into thread_probe values (1)`);
      })
      .catch((e: unknown) => e);
    expect(uniqueViolation(failed)).toBe('thread_probe_pkey');

    // While a transaction is open, a query from outside waits for its end.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const writer = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (5)`);
      await held;
      order.push('commit');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const reader = selectRows<{ ids: number[] }>(
      handle.db,
      sql`select array_agg(id order by id) as ids from thread_probe`,
    ).then((rows) => {
      order.push('read');
      return rows[0]!.ids;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(order).toEqual([]);
    release();
    await writer;
    expect(await reader).toEqual([1, 5]);
    expect(order).toEqual(['commit', 'read']);
  });

  it('serves concurrent requests of the app', async () => {
    // One board action at a time per person: twelve people, each making a board at once.
    const people = await Promise.all(Array.from({ length: 12 }, () => signedInBrowser(t)));
    const created = await Promise.all(
      people.map((person) => person.post('/v3/boards/', { name: 'Road trip' })),
    );
    for (const response of created) expect(dataOf(response).url).toMatch(/\/road-trip\/$/);
    const read = await Promise.all(people.map((person) => person.get('/v3/users/me/')));
    expect(read.map((response) => Number(dataOf(response).id))).toEqual(
      people.map((person) => person.userId),
    );
  });

  it('fails queries with the reason when the worker dies, and says so once', async () => {
    const thread = new PgliteThread({ onCrash: (error) => crashes.push(error) });
    await thread.waitReady;
    const slow = thread.query('select pg_sleep(1)');
    await thread.worker.terminate();
    await expect(slow).rejects.toThrow(/PGlite worker exited/);
    await expect(thread.query('select 1')).rejects.toThrow(/PGlite worker exited/);
    expect(crashes.map((error) => error.message)).toEqual([expect.stringMatching(/PGlite worker exited/)]);
    await thread.close();
  });
});
