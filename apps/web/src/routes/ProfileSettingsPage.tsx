import { useTranslation } from '../i18n.ts';
import { AvatarSection } from '../features/profileEdit/AvatarSection.tsx';
import { ProfileEditForm } from '../features/profileEdit/ProfileEditForm.tsx';
import { useOwnProfile } from '../features/profileEdit/useOwnProfile.ts';
import { SettingsLayout } from '../features/settings/SettingsLayout.tsx';
import styles from '../features/settings/Settings.module.css';
import { ErrorState, LoadingState } from '../ui/PageStates.tsx';

/** `/settings/profile`: the picture, names, username, about, website and pronouns. */
export function ProfileSettingsPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout title={t('settings.documentTitle.profile')}>
      <h1 className={styles.title}>{t('settings.profile.title')}</h1>
      <p>{t('settings.profile.intro')}</p>
      <OwnProfile />
    </SettingsLayout>
  );
}

function OwnProfile() {
  const profile = useOwnProfile();
  if (profile.status === 'pending') return <LoadingState />;
  if (profile.status === 'error') return <ErrorState onRetry={() => void profile.refetch()} />;
  return (
    <>
      <AvatarSection profile={profile.data} />
      {/* A new form for each saved profile, so Reset goes back to what was saved. */}
      <ProfileEditForm key={`${profile.data.username}`} profile={profile.data} />
    </>
  );
}
