import type { UserProfile } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { presentProfile } from './users.presenter.ts';
import { findFormerUsernameOwner } from '../profile/former-usernames.repository.ts';
import { findProfileByUsername, findProfilesByIds } from './users.repository.ts';

/**
 * A profile by username. A name its person left answers their profile under the current name
 * (decision 45): the web app sees the other `username` and replaces the address, and the
 * server-rendered pages answer old links with a 301.
 */
export async function getProfile(
  db: Executor,
  username: string,
  viewerId: number | null,
): Promise<UserProfile> {
  const row =
    (await findProfileByUsername(db, username, viewerId)) ??
    (await findRenamedProfile(db, username, viewerId));
  if (!row) throw new AppError('user_not_found');
  return presentProfile(row, viewerId);
}

async function findRenamedProfile(db: Executor, formerUsername: string, viewerId: number | null) {
  const ownerId = await findFormerUsernameOwner(db, formerUsername);
  if (ownerId === null) return null;
  const [row] = await findProfilesByIds(db, [ownerId], viewerId);
  return row ?? null;
}
