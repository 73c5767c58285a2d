import { checkBirthday } from '@pinboard/shared';
import {
  NOTIFICATION_CATEGORIES,
  birthdaySecondsOf,
  type AccountSettings,
  type AccountSettingsPatch,
  type NotificationSettings,
  type NotificationSettingsBody,
} from '@pinboard/shared/account-settings';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { clearSignedOutAnswers } from '../../lib/signed-out-answers.ts';
import { presentAccountSettings, presentNotificationSettings } from './account-preferences.presenter.ts';
import {
  findAccountSettings,
  isHiddenFromSearchEngines,
  listNotificationChoices,
  updateAccountFields,
  upsertNotificationChoices,
  upsertPrivacySettings,
} from './account-preferences.repository.ts';

/**
 * `GET /v3/users/settings/` (docs/product/settings.md): the pin-create page's facts and the
 * account's language, country, gender, birthday, email state and privacy switches.
 */
export async function getAccountSettings(db: Database, userId: number): Promise<AccountSettings> {
  const row = await findAccountSettings(db, userId);
  if (!row) throw new AppError('auth_required');
  return presentAccountSettings(row);
}

/**
 * `PATCH /v3/users/settings/`: the given fields in one transaction. A birthday follows the
 * sign-up rules with the account's country (the new one when it changes too): one under the
 * minimum age is refused with sign-up's `underage` and nothing is stored (decision 46).
 */
export async function updateAccountSettings(
  db: Database,
  userId: number,
  patch: AccountSettingsPatch,
  now: Date,
): Promise<AccountSettings> {
  const current = await findAccountSettings(db, userId);
  if (!current) throw new AppError('auth_required');
  if (patch.birthday !== undefined) {
    const country = patch.country ?? current.country ?? undefined;
    const problem = checkBirthday(birthdaySecondsOf(patch.birthday), { now, country });
    if (problem) throw new AppError(problem);
  }
  const { locale, country, gender, birthday, ...switches } = patch;
  await db.transaction(async (tx) => {
    await updateAccountFields(
      tx,
      userId,
      Object.fromEntries(
        Object.entries({ locale, country, gender, birthday }).filter(([, v]) => v !== undefined),
      ),
    );
    await upsertPrivacySettings(tx, userId, switches);
  });
  // Visitors' kept pages of the person say `noindex` or not by this switch.
  if (patch.hide_from_search_engines !== undefined) clearSignedOutAnswers();
  return getAccountSettings(db, userId);
}

/** `GET /v3/users/settings/notifications/`. */
export async function getNotificationSettings(db: Database, userId: number): Promise<NotificationSettings> {
  return presentNotificationSettings(await listNotificationChoices(db, userId));
}

/** `PUT /v3/users/settings/notifications/`: stores the given categories, answers them all. */
export async function updateNotificationSettings(
  db: Database,
  userId: number,
  body: NotificationSettingsBody,
): Promise<NotificationSettings> {
  const changes = NOTIFICATION_CATEGORIES.flatMap((category) => {
    const choice = body[category];
    return choice ? [[category, choice] as const] : [];
  });
  await upsertNotificationChoices(
    db,
    userId,
    changes.map(([category, choice]) => [category, choice]),
  );
  return getNotificationSettings(db, userId);
}

/**
 * Whether the server-rendered page of a route says `noindex` because its person asked search
 * engines to leave them out: their profile and boards (by username) and their pins (by id).
 */
export async function isPageHiddenFromSearchEngines(
  db: Database,
  routeId: string,
  params: Record<string, string | undefined>,
): Promise<boolean> {
  if (['profile', 'profileCreated', 'board', 'section'].includes(routeId) && params.username) {
    return isHiddenFromSearchEngines(db, { username: params.username });
  }
  const pinId = Number(params.id);
  if ((routeId === 'pin' || routeId === 'pinRepin') && Number.isSafeInteger(pinId) && pinId > 0) {
    return isHiddenFromSearchEngines(db, { pinId });
  }
  return false;
}
