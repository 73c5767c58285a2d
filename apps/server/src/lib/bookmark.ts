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
