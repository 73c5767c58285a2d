import type { UserProfile } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isBlockedEitherWay } from '../blocks/blocks.repository.ts';
import { notifyUserFollowed } from '../notifications/notify.ts';
import { deleteUserFollow, insertUserFollow } from './follows.repository.ts';
import { findActiveUserByUsername } from './users.repository.ts';
import { getProfile } from './users.service.ts';

/**
 * Follows or unfollows an active user other than the viewer; idempotent both ways. Answers
 * the profile as it now is, with the follower count the trigger just moved.
 */
export async function setUserFollow(
  db: Executor,
  username: string,
  viewerId: number,
  follow: boolean,
): Promise<UserProfile> {
  const user = await findActiveUserByUsername(db, username);
  if (!user) throw new AppError('user_not_found');
  if (user.id === viewerId) throw new AppError('forbidden', { detail: 'You cannot follow yourself.' });
  // Nobody follows someone they blocked or who blocked them (decision 52); unfollowing always works.
  if (follow && (await isBlockedEitherWay(db, viewerId, user.id))) throw new AppError('follow_blocked');
  await (follow ? insertUserFollow : deleteUserFollow)(db, viewerId, user.id);
  if (follow) await notifyUserFollowed(db, { followeeId: user.id, followerId: viewerId });
  return getProfile(db, user.username, viewerId);
}
