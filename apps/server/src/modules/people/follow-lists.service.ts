import type { FollowListUser } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodeBookmark, isTimestampText, pageOf, type PageOptions } from '../../lib/bookmark.ts';
import { authorize } from '../../policies/authorize.ts';
import { findActiveUserByUsername } from '../users/users.repository.ts';
import { listFollowPage, type FollowCursor, type FollowList } from './follow-lists.repository.ts';
import { presentFollowListUser } from './people.presenter.ts';

export interface FollowListPage {
  items: FollowListUser[];
  bookmark: string | null;
}

function decodeFollowCursor(bookmark: string | undefined): FollowCursor | null {
  const key = decodeBookmark(bookmark);
  if (key === null) return null;
  const [at, userId] = key;
  const validAt = typeof at === 'string' && isTimestampText(at);
  const validId = typeof userId === 'number' && Number.isSafeInteger(userId) && userId > 0;
  if (key.length !== 2 || !validAt || !validId) throw new AppError('invalid_bookmark', { field: 'bookmark' });
  return { at, userId };
}

async function pageFollowList(db: Executor, list: FollowList, options: PageOptions): Promise<FollowListPage> {
  const cursor = decodeFollowCursor(options.bookmark);
  const rows = await listFollowPage(db, list, options.viewerId, cursor, options.pageSize + 1);
  const page = pageOf(rows, options.pageSize, (row) => [row.followedAt, row.id]);
  return {
    items: page.items.map((row) => presentFollowListUser(row, options.viewerId)),
    bookmark: page.bookmark,
  };
}

/**
 * A person's followers or the people they follow (people only: the boards someone follows are
 * not listed; decision 47). Inactive accounts are never listed, and an inactive person's lists
 * are missing like the person.
 */
export async function pageUserFollowList(
  db: Executor,
  username: string,
  direction: 'followers' | 'following',
  options: PageOptions,
): Promise<FollowListPage> {
  const user = await findActiveUserByUsername(db, username);
  if (!user) throw new AppError('user_not_found');
  const kind = direction === 'followers' ? 'followersOf' : 'followingOf';
  return pageFollowList(db, { kind, userId: user.id }, options);
}

/** A board's followers, for those who may see the board (a secret board's: its members only). */
export async function pageBoardFollowers(
  db: Executor,
  boardId: number,
  options: PageOptions,
): Promise<FollowListPage> {
  await authorize(db, options.viewerId, 'read', { board: boardId });
  return pageFollowList(db, { kind: 'boardFollowers', boardId }, options);
}
