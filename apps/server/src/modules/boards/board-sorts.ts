import { sql, type SQL } from 'drizzle-orm';
import type { BoardSort } from '@pinboard/shared';
import { boards } from '../../db/schema/boards.ts';
import { isTimestampText } from '../../lib/bookmark.ts';

/**
 * Every sort is one tuple compared in one direction, so a keyset bookmark is just the last
 * row's tuple. Timestamps travel as PostgreSQL text so no microseconds are lost in JSON.
 */
interface SortSpec {
  direction: 'asc' | 'desc';
  /** Key columns before the id tie-breaker, with the SQL type to cast bookmark values to. */
  keys: { expr: SQL; cast: 'text' | 'timestamptz' | 'int' }[];
}

const lastPinnedTo = sql`coalesce(${boards.lastPinnedToAt}, ${boards.createdAt})`;

export const BOARD_SORT_SPECS: Record<BoardSort, SortSpec> = {
  last_pinned_to: { direction: 'desc', keys: [{ expr: lastPinnedTo, cast: 'timestamptz' }] },
  newest: { direction: 'desc', keys: [{ expr: sql`${boards.createdAt}`, cast: 'timestamptz' }] },
  oldest: { direction: 'asc', keys: [{ expr: sql`${boards.createdAt}`, cast: 'timestamptz' }] },
  alphabetical: { direction: 'asc', keys: [{ expr: sql`lower(${boards.name})`, cast: 'text' }] },
  group_boards_at_top: {
    direction: 'desc',
    keys: [
      { expr: sql`${boards.isCollaborative}::int`, cast: 'int' },
      { expr: lastPinnedTo, cast: 'timestamptz' },
    ],
  },
  custom: {
    direction: 'asc',
    keys: [{ expr: sql`coalesce(${boards.customPosition}, 2147483647)`, cast: 'int' }],
  },
};

/** The key tuple of a row as text values for the bookmark (ids included). */
export function sortKeySelect(spec: SortSpec): SQL<string[]> {
  const parts = [...spec.keys.map((key) => sql`(${key.expr})::text`), sql`${boards.id}::text`];
  return sql<string[]>`array[${sql.join(parts, sql`, `)}]`;
}

export function orderBySort(spec: SortSpec): SQL[] {
  const dir = spec.direction === 'asc' ? sql`asc` : sql`desc`;
  return [...spec.keys.map((key) => sql`${key.expr} ${dir}`), sql`${boards.id} ${dir}`];
}

/** `(k1, k2, id) > (...)` (or `<`) for the rows after a bookmark. */
export function afterKey(spec: SortSpec, key: string[]): SQL {
  const columns = [...spec.keys.map((k) => k.expr), sql`${boards.id}`];
  const casts = [...spec.keys.map((k) => k.cast), 'int8'];
  const values = key.map((value, i) => sql`${value}::${sql.raw(casts[i] ?? 'text')}`);
  const op = spec.direction === 'asc' ? sql`>` : sql`<`;
  return sql`(${sql.join(columns, sql`, `)}) ${op} (${sql.join(values, sql`, `)})`;
}

export function keyLength(spec: SortSpec): number {
  return spec.keys.length + 1;
}

/**
 * Whether a bookmark's values fit the sort's columns (and the id after them), so a forged one
 * is refused as invalid instead of failing its cast in the database.
 */
export function isSortKeyOf(spec: SortSpec, key: unknown[]): key is string[] {
  if (key.length !== keyLength(spec)) return false;
  const casts = [...spec.keys.map((k) => k.cast), 'id'];
  return key.every((value, i) => {
    if (typeof value !== 'string') return false;
    switch (casts[i]) {
      case 'timestamptz':
        return isTimestampText(value);
      case 'int':
        return /^-?\d{1,10}$/.test(value) && Math.abs(Number(value)) <= 2147483647;
      case 'id':
        return /^[1-9]\d{0,15}$/.test(value) && Number(value) <= Number.MAX_SAFE_INTEGER;
      default:
        return value.length <= 200;
    }
  });
}
