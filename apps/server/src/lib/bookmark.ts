import { hasRefusedCharacter } from '@pinboard/shared';
import { z } from 'zod';
import { AppError } from './app-error.ts';

/**
 * Bookmarks are opaque to clients: base64url JSON of the last row's sort key.
 * They carry no permission: every page re-applies the viewer's visibility rules,
 * so a forged bookmark can only move the cursor, never reveal a row.
 */
const KeySchema = z
  .array(
    z.union([
      // The one rule for text (no control characters), and whole numbers a row's key can hold.
      z
        .string()
        .max(200)
        .refine((value) => !hasRefusedCharacter(value)),
      z.number().int(),
      z.boolean(),
      z.null(),
    ]),
  )
  .max(4);

/** What a paged list needs: who asks, where to continue, how many. */
export interface PageOptions {
  viewerId: number | null;
  bookmark: string | undefined;
  pageSize: number;
}

export type BookmarkKey = z.infer<typeof KeySchema>;

export function encodeBookmark(key: BookmarkKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeBookmark(bookmark: string | undefined): BookmarkKey | null {
  if (bookmark === undefined || bookmark === '') return null;
  try {
    return KeySchema.parse(JSON.parse(Buffer.from(bookmark, 'base64url').toString('utf8')));
  } catch {
    throw new AppError('invalid_bookmark', { field: 'bookmark' });
  }
}

/**
 * Splits a page fetched with one extra row into the rows to answer and the next bookmark.
 */
export function pageOf<Row>(rows: Row[], pageSize: number, keyOf: (row: Row) => BookmarkKey) {
  const hasMore = rows.length > pageSize;
  const items = hasMore ? rows.slice(0, pageSize) : rows;
  const last = items[items.length - 1];
  return { items, bookmark: hasMore && last ? encodeBookmark(keyOf(last)) : null };
}

const TIMESTAMP_TEXT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** A bookmark's timestamp as PostgreSQL writes it (`2026-11-25 14:19:37.123+00`), a real date and time. */
export function isTimestampText(value: string): boolean {
  const match = TIMESTAMP_TEXT.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return (
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day! &&
    hour! < 24 &&
    minute! < 60 &&
    second! < 60
  );
}
