import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n.ts';
import { queries } from '../api/endpoints.ts';
import { ClaimWebsites } from '../features/settings/ClaimWebsites.tsx';
import { SettingsLayout } from '../features/settings/SettingsLayout.tsx';
import { SettingsQuery } from '../features/settings/SettingsQuery.tsx';
import styles from '../features/settings/Settings.module.css';

/** `/settings/claim`: the person's claimed websites. */
export function ClaimPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout title={t('accountSettings.documentTitle.claim')}>
      <h1 className={styles.title}>{t('accountSettings.claim.title')}</h1>
      <p>{t('accountSettings.claim.intro')}</p>
      <Claims />
    </SettingsLayout>
  );
}

// Asked inside the layout: a visitor is shown the login, not a failed call.
function Claims() {
  const query = useQuery(queries.listWebsiteClaims());
  return <SettingsQuery query={query}>{(claims) => <ClaimWebsites claims={claims} />}</SettingsQuery>;
}
