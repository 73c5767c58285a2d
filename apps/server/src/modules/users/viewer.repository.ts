import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { images } from '../../db/schema/images.ts';
import { users } from '../../db/schema/users.ts';
import { userSummaryColumns, type UserSummaryRow } from './users.repository.ts';

/** An active user's summary row by id, or null. */
export async function findUserSummaryById(db: Executor, userId: number): Promise<UserSummaryRow | null> {
  const user = alias(users, 'viewer_user');
  const avatar = alias(images, 'avatar');
  const [row] = await db
    .select(userSummaryColumns(user, avatar))
    .from(user)
    .leftJoin(avatar, eq(avatar.id, user.avatarImageId))
    .where(and(eq(user.id, userId), eq(user.status, 'active')))
    .limit(1);
  return row ?? null;
}
