import { useTranslation } from '../i18n.ts';
import { SettingsLayout } from '../features/settings/SettingsLayout.tsx';
import styles from '../features/settings/Settings.module.css';

/** `/settings/`: the list of settings pages (the page itself on phones, beside the title on wide screens). */
export function SettingsIndexPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout title={t('accountSettings.documentTitle.index')} index>
      <h1 className={styles.title}>{t('accountSettings.index.title')}</h1>
    </SettingsLayout>
  );
}
