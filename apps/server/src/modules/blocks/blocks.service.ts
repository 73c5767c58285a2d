import type { UserProfile } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findActiveUserByUsername } from '../users/users.repository.ts';
import { getProfile } from '../users/users.service.ts';
import { deleteBlock, insertBlock } from './blocks.repository.ts';

/**
 * Blocks or unblocks an active person other than the viewer; idempotent both ways. Blocking ends
 * the follows between them both ways. Answers the profile as it now is.
 */
export async function setUserBlock(
  db: Executor,
  username: string,
  viewerId: number,
  block: boolean,
): Promise<UserProfile> {
  const user = await findActiveUserByUsername(db, username);
  if (!user) throw new AppError('user_not_found');
  if (user.id === viewerId) throw new AppError('block_self');
  await (block ? insertBlock : deleteBlock)(db, viewerId, user.id);
  return getProfile(db, user.username, viewerId);
}
