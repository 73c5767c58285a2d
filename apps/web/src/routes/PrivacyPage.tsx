import { useTranslation } from '../i18n.ts';
import { PrivacySwitches } from '../features/settings/PrivacySwitches.tsx';
import { SettingsLayout } from '../features/settings/SettingsLayout.tsx';
import styles from '../features/settings/Settings.module.css';

const PERSONALISATION = [
  'personalize_from_activity',
  'personalize_ads_from_partners',
  'personalize_ads_from_visited_sites',
] as const;

/** `/settings/privacy`: how the person's activity personalises what they see (decision 46). */
export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout title={t('accountSettings.documentTitle.privacy')}>
      <h1 className={styles.title}>{t('accountSettings.privacy.title')}</h1>
      <p>{t('accountSettings.privacy.intro')}</p>
      <PrivacySwitches keys={PERSONALISATION} />
    </SettingsLayout>
  );
}

/** `/settings/profile-visibility`: whether search engines may list the person's pages. */
export function ProfileVisibilityPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout title={t('accountSettings.documentTitle.profileVisibility')}>
      <h1 className={styles.title}>{t('accountSettings.profileVisibility.title')}</h1>
      <p>{t('accountSettings.profileVisibility.intro')}</p>
      <PrivacySwitches keys={['hide_from_search_engines']} />
    </SettingsLayout>
  );
}
