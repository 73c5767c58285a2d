import type { UserProfile } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { presentProfile } from './users.presenter.ts';
import { findProfileByUsername } from './users.repository.ts';

export async function getProfile(
  db: Executor,
  username: string,
  viewerId: number | null,
): Promise<UserProfile> {
  const row = await findProfileByUsername(db, username, viewerId);
  if (!row) throw new AppError('user_not_found');
  return presentProfile(row, viewerId);
}
