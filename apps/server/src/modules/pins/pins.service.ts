import type { Pin, UserPinFilter } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import type { PageOptions } from '../../lib/bookmark.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodeBookmark, pageOf } from '../../lib/bookmark.ts';
import { findActiveUserByUsername } from '../users/users.repository.ts';
import { presentPin, presentPinWithPages } from './pins.presenter.ts';
import { listStoryPages } from './story-pages.repository.ts';
import { findRemovalOfPin } from '../moderation/moderation.repository.ts';
import {
  findPinById,
  findRemovedPinOfViewer,
  listPinsNewestFirst,
  pinFilters,
  type PinFilter,
  type PinRow,
} from './pins.repository.ts';
import type { SQL } from 'drizzle-orm';

/** A pin the viewer may see; secret boards' pins are 404 to everyone else. */
export async function getPin(db: Executor, id: number, viewerId: number | null): Promise<Pin> {
  const row = await findPinById(db, id, viewerId);
  if (!row) return getRemovedPin(db, id, viewerId);
  // Only an idea pin's closeup reads its pages: one more query for those pins alone.
  const pages = row.storyPageCount > 0 ? await listStoryPages(db, row.id) : null;
  return presentPinWithPages(row, pages);
}

/**
 * A pin an operator removed is missing for everyone but its pinner, whose closeup shows it with
 * the removal and its appeal (decision 54).
 */
async function getRemovedPin(db: Executor, id: number, viewerId: number | null): Promise<Pin> {
  const row = viewerId === null ? null : await findRemovedPinOfViewer(db, id, viewerId);
  if (!row) throw new AppError('pin_not_found');
  const removal = await findRemovalOfPin(db, row.id);
  if (!removal) throw new AppError('pin_not_found');
  const pages = row.storyPageCount > 0 ? await listStoryPages(db, row.id) : null;
  return { ...presentPinWithPages(row, pages), removal };
}

export interface PinPage {
  items: Pin[];
  bookmark: string | null;
}

/** One newest-first page of pins of `filter` (one of `pinFilters`, or a condition), continuing from `bookmark`. */
export async function pagePins(
  db: Executor,
  filter: PinFilter | SQL | undefined,
  options: PageOptions,
): Promise<PinPage> {
  const key = decodeBookmark(options.bookmark);
  const beforeId = key === null ? null : Number(key[0]);
  if (beforeId !== null && !(Number.isSafeInteger(beforeId) && beforeId > 0)) {
    throw new AppError('invalid_bookmark', { field: 'bookmark' });
  }
  const rows = await listPinsNewestFirst(db, filter, {
    viewerId: options.viewerId,
    beforeId,
    limit: options.pageSize + 1,
  });
  const page = pageOf(rows, options.pageSize, (row: PinRow) => [row.id]);
  return { items: page.items.map(presentPin), bookmark: page.bookmark };
}

/**
 * A profile's pins, newest first: `created` (their own pins, no saves) or `saved` (all of them),
 * on the boards the viewer may see.
 */
export async function pageUserPins(
  db: Executor,
  username: string,
  filter: UserPinFilter,
  options: PageOptions,
): Promise<PinPage> {
  const user = await findActiveUserByUsername(db, username);
  if (!user) throw new AppError('user_not_found');
  const where = filter === 'created' ? pinFilters.createdBy(user.id) : pinFilters.savedBy(user.id);
  return pagePins(db, where, options);
}
