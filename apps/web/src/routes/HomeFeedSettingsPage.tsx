import { useTranslation } from '../i18n.ts';
import { HomeFeedSettings } from '../features/people/HomeFeedSettings.tsx';
import '../features/people/words.ts';
import { SettingsLayout } from '../features/settings/SettingsLayout.tsx';

/** `/settings/home-feed`: the interests that shape the home feed. */
export function HomeFeedSettingsPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout title={t('people.interests.settingsDocumentTitle')}>
      <HomeFeedSettings />
    </SettingsLayout>
  );
}
