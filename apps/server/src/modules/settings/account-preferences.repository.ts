import { eq, sql } from 'drizzle-orm';
import type { NotificationCategory, NotificationChoice, PrivacyKey } from '@pinboard/shared/account-settings';
import type { Executor } from '../../db/client.ts';
import { notificationSettings, userPrivacySettings } from '../../db/schema/account-settings.ts';
import { userIdentities } from '../../db/schema/identities.ts';
import { pins } from '../../db/schema/pins.ts';
import { users } from '../../db/schema/users.ts';

/**
 * The facts of `GET /v3/users/settings/`: the pin-create page's (the listed website, a linked
 * Instagram), the account's own and its privacy switches (null without a row: the defaults).
 */
export async function findAccountSettings(db: Executor, userId: number) {
  const [row] = await db
    .select({
      websiteUrl: users.websiteUrl,
      instagram: sql<boolean>`exists (select 1 from ${userIdentities} where ${userIdentities.userId} = ${users.id} and ${userIdentities.provider} = 'instagram')`,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      locale: users.locale,
      country: users.country,
      gender: users.gender,
      birthday: users.birthday,
      hideFromSearchEngines: userPrivacySettings.hideFromSearchEngines,
      personalizeFromActivity: userPrivacySettings.personalizeFromActivity,
      personalizeAdsFromPartners: userPrivacySettings.personalizeAdsFromPartners,
      personalizeAdsFromVisitedSites: userPrivacySettings.personalizeAdsFromVisitedSites,
    })
    .from(users)
    .leftJoin(userPrivacySettings, eq(userPrivacySettings.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
export type AccountSettingsRow = NonNullable<Awaited<ReturnType<typeof findAccountSettings>>>;

/** Sets the account's own fields that are given. */
export async function updateAccountFields(
  db: Executor,
  userId: number,
  fields: Partial<Pick<typeof users.$inferInsert, 'locale' | 'country' | 'gender' | 'birthday'>>,
): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await db
    .update(users)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

const PRIVACY_COLUMNS = {
  hide_from_search_engines: 'hideFromSearchEngines',
  personalize_from_activity: 'personalizeFromActivity',
  personalize_ads_from_partners: 'personalizeAdsFromPartners',
  personalize_ads_from_visited_sites: 'personalizeAdsFromVisitedSites',
} as const satisfies Record<PrivacyKey, keyof typeof userPrivacySettings.$inferInsert>;

/** Sets the privacy switches that are given; the row is made on the first change. */
export async function upsertPrivacySettings(
  db: Executor,
  userId: number,
  switches: Partial<Record<PrivacyKey, boolean>>,
): Promise<void> {
  const values: Partial<typeof userPrivacySettings.$inferInsert> = {};
  for (const [key, value] of Object.entries(switches) as [PrivacyKey, boolean | undefined][]) {
    if (value !== undefined) values[PRIVACY_COLUMNS[key]] = value;
  }
  if (Object.keys(values).length === 0) return;
  await db
    .insert(userPrivacySettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userPrivacySettings.userId, set: { ...values, updatedAt: sql`now()` } });
}

/**
 * Whether a person's pages say `noindex`: by username (profile and board pages) or by pin id
 * (the pin's pinner). False when nobody matches (the page is then a 404 anyway).
 */
export async function isHiddenFromSearchEngines(
  db: Executor,
  subject: { username: string } | { pinId: number },
): Promise<boolean> {
  const owner =
    'username' in subject
      ? sql`(select ${users.id} from ${users} where lower(${users.username}) = ${subject.username.toLowerCase()})`
      : sql`(select ${pins.pinnerId} from ${pins} where ${pins.id} = ${subject.pinId})`;
  const [row] = await db
    .select({ hidden: userPrivacySettings.hideFromSearchEngines })
    .from(userPrivacySettings)
    .where(sql`${userPrivacySettings.userId} = ${owner}`)
    .limit(1);
  return row?.hidden ?? false;
}

/** The categories the person changed, with their choices. */
export async function listNotificationChoices(db: Executor, userId: number) {
  return db
    .select({
      category: notificationSettings.category,
      email: notificationSettings.email,
      push: notificationSettings.push,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
}

/** Stores the choices of the given categories. */
export async function upsertNotificationChoices(
  db: Executor,
  userId: number,
  choices: [NotificationCategory, NotificationChoice][],
): Promise<void> {
  if (choices.length === 0) return;
  await db
    .insert(notificationSettings)
    .values(choices.map(([category, choice]) => ({ userId, category, ...choice })))
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.category],
      set: { email: sql`excluded.email`, push: sql`excluded.push`, updatedAt: sql`now()` },
    });
}
