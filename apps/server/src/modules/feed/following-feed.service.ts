import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodeBookmark, encodeBookmark, type PageOptions } from '../../lib/bookmark.ts';
import type { PinPage } from '../pins/pins.service.ts';
import { presentInOrder, takeFromPart } from './feed.service.ts';

function decodeBeforeId(bookmark: string | undefined): number | null {
  const key = decodeBookmark(bookmark);
  if (key === null) return null;
  const [id] = key;
  if (key.length !== 1 || typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
    throw new AppError('invalid_bookmark', { field: 'bookmark' });
  }
  return id;
}

/**
 * The Following feed (decision 47): the home feed's followed part on its own, pins from the
 * boards and people the viewer follows, newest first, each picture once, public boards only.
 * The bookmark is the last pin looked at, so pins saved meanwhile neither shift nor repeat.
 */
export async function pageFollowingFeed(
  db: Executor,
  viewerId: number,
  options: PageOptions,
): Promise<PinPage> {
  const { pageSize } = options;
  const slice = await takeFromPart(db, viewerId, 'followed', decodeBeforeId(options.bookmark), pageSize + 1);
  const ids = slice.ids.slice(0, pageSize);
  const resumeAt = slice.state === 'full' ? ids.at(-1)! : slice.resumeAt;
  return {
    items: await presentInOrder(db, ids, viewerId),
    bookmark: slice.state === 'end' ? null : encodeBookmark([resumeAt]),
  };
}
