import {
  NewUsernameSchema,
  PROFILE_LIMITS,
  type EditProfileBody,
  type UsernameCheck,
} from '@pinboard/shared/profile';
import type { UserProfile } from '@pinboard/shared';
import type { Database, Executor } from '../../db/client.ts';
import { uniqueViolation } from '../../db/sql-helpers.ts';
import { AppError } from '../../lib/app-error.ts';
import { clearSignedOutAnswers } from '../../lib/signed-out-answers.ts';
import { presentProfile } from '../users/users.presenter.ts';
import { findProfilesByIds } from '../users/users.repository.ts';
import { isUsernameHeldForOther, recordUsernameChange } from './former-usernames.repository.ts';
import {
  isUsernameUsedByOther,
  lockOwnUsername,
  updateProfileValues,
  type ProfileValues,
} from './profile.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Names left after this moment are still held for the people who left them. */
export function formerUsernameHeldSince(now: Date): Date {
  return new Date(now.getTime() - PROFILE_LIMITS.formerUsernameHeldDays * DAY_MS);
}

/** The viewer's own profile, as the profile page shows it to them. */
export async function getOwnProfile(db: Executor, userId: number): Promise<UserProfile> {
  const [row] = await findProfilesByIds(db, [userId], userId);
  if (!row) throw new AppError('user_not_found');
  return presentProfile(row, userId);
}

/** Whether someone else has the name, or left it less than the hold ago. */
async function isUsernameTaken(db: Executor, username: string, userId: number, now: Date) {
  return (
    (await isUsernameUsedByOther(db, username, userId)) ||
    (await isUsernameHeldForOther(db, username, userId, formerUsernameHeldSince(now)))
  );
}

function valuesOf(body: EditProfileBody): Partial<ProfileValues> {
  return {
    ...(body.first_name !== undefined && { firstName: body.first_name }),
    ...(body.last_name !== undefined && { lastName: body.last_name }),
    ...(body.username !== undefined && { username: body.username }),
    ...(body.about !== undefined && { about: body.about }),
    ...(body.website_url !== undefined && { websiteUrl: body.website_url === '' ? null : body.website_url }),
    ...(body.pronouns !== undefined && { pronouns: body.pronouns }),
  };
}

/**
 * `PATCH /v3/users/settings/profile/`: the fields given (each already checked by the shared
 * schema). A new username must be free; the old one then leads to the new (decision 45). The
 * person's name and username show on their pins, boards and profile: the visitor caches of
 * every instance are cleared.
 */
export async function editProfile(
  db: Database,
  userId: number,
  body: EditProfileBody,
  now = new Date(),
): Promise<UserProfile> {
  const values = valuesOf(body);
  try {
    await db.transaction(async (tx) => {
      const current = await lockOwnUsername(tx, userId);
      if (current === null) throw new AppError('user_not_found');
      if (values.username !== undefined && values.username !== current) {
        if (await isUsernameTaken(tx, values.username, userId, now)) throw new AppError('username_taken');
        await recordUsernameChange(tx, userId, current, values.username);
      }
      await updateProfileValues(tx, userId, values);
    });
  } catch (error) {
    // Two people taking one name at the same moment: the unique index decides.
    if (uniqueViolation(error) === 'users_username_lower_key') throw new AppError('username_taken');
    throw error;
  }
  clearSignedOutAnswers();
  return getOwnProfile(db, userId);
}

/** Whether the viewer may take `username`: the form's check while they type. */
export async function checkUsername(
  db: Executor,
  userId: number,
  username: string,
  now = new Date(),
): Promise<UsernameCheck> {
  const parsed = NewUsernameSchema.safeParse(username);
  if (!parsed.success) {
    return { username, refusal: parsed.error.issues[0]!.message as UsernameCheck['refusal'] };
  }
  const taken = await isUsernameTaken(db, parsed.data, userId, now);
  return { username: parsed.data, refusal: taken ? 'username_taken' : null };
}
