import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_DEFAULTS,
  PRIVACY_DEFAULTS,
  type AccountSettings,
  type NotificationSettings,
} from '@pinboard/shared/account-settings';
import type { AccountSettingsRow, listNotificationChoices } from './account-preferences.repository.ts';

/** `GET /v3/users/settings/`: a switch without a stored row is its default. */
export function presentAccountSettings(row: AccountSettingsRow): AccountSettings {
  return {
    connected_to_instagram: Boolean(row.instagram),
    listed_website_url: row.websiteUrl,
    email: row.email,
    email_verified: row.emailVerifiedAt !== null,
    locale: row.locale,
    country: row.country,
    gender: row.gender,
    birthday: row.birthday,
    hide_from_search_engines: row.hideFromSearchEngines ?? PRIVACY_DEFAULTS.hide_from_search_engines,
    personalize_from_activity: row.personalizeFromActivity ?? PRIVACY_DEFAULTS.personalize_from_activity,
    personalize_ads_from_partners:
      row.personalizeAdsFromPartners ?? PRIVACY_DEFAULTS.personalize_ads_from_partners,
    personalize_ads_from_visited_sites:
      row.personalizeAdsFromVisitedSites ?? PRIVACY_DEFAULTS.personalize_ads_from_visited_sites,
  };
}

/** Every category: the stored choice, else the default. */
export function presentNotificationSettings(
  rows: Awaited<ReturnType<typeof listNotificationChoices>>,
): NotificationSettings {
  const stored = new Map(rows.map((row) => [row.category, { email: row.email, push: row.push }]));
  return Object.fromEntries(
    NOTIFICATION_CATEGORIES.map((category) => [
      category,
      stored.get(category) ?? NOTIFICATION_DEFAULTS[category],
    ]),
  ) as NotificationSettings;
}
