import { api, endpointKey } from '../api/endpoints.ts';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../i18n.ts';
import { useLocation, useParams } from 'react-router';
import { PinsPanel } from '../features/boards/PinsPanel.tsx';
import { displayName } from '../features/pins/pinText.ts';
import { isNotFoundError } from '../features/profile/apiErrors.ts';
import { FollowRenamedUser } from '../features/profile/FollowRenamedUser.tsx';
import { renamedPath } from '../features/profile/renamedUser.ts';
import { ErrorState, LoadingState, NotFoundState } from '../ui/PageStates.tsx';
import { ProfileBoards } from '../features/profile/ProfileBoards.tsx';
import { ProfileHeader } from '../features/profile/ProfileHeader.tsx';
import { ProfileTabs } from '../features/profile/ProfileTabs.tsx';
import { useUserProfile } from '../features/users/useUserProfile.ts';

// The viewer's board invitations load in their own chunk, on their own profile only.
const BoardInvitesPanel = lazy(async () => ({
  default: (await import('../features/boardActions/BoardInvitesPanel.tsx')).BoardInvitesPanel,
}));

/** `/{username}` (the Saved tab: boards) and `/{username}/_created/` (the Created tab: pins). */
export function ProfilePage() {
  const { t } = useTranslation();
  const { username = '' } = useParams();
  const { pathname } = useLocation();
  const tab = /\/_created\/?$/.test(pathname) ? 'created' : 'saved';
  const profile = useUserProfile(username);

  if (profile.status === 'pending') return <LoadingState />;
  if (profile.status === 'error') {
    return isNotFoundError(profile.error) ? (
      <NotFoundState
        documentTitle={t('profile.notFound.documentTitle')}
        title={t('profile.notFound.title')}
        body={t('profile.notFound.body', { username })}
      />
    ) : (
      <ErrorState onRetry={() => void profile.refetch()} />
    );
  }

  const user = profile.data;
  const name = displayName(user);
  if (renamedPath(pathname, username, user.username))
    return <FollowRenamedUser username={username}>{null}</FollowRenamedUser>;
  const titleKey = tab === 'created' ? 'profile.documentTitleCreated' : 'profile.documentTitle';
  return (
    <>
      <title>{t(titleKey, { name, username: user.username })}</title>
      <ProfileHeader profile={user} />
      {user.is_me && (
        <Suspense fallback={null}>
          <BoardInvitesPanel username={user.username} />
        </Suspense>
      )}
      <ProfileTabs username={user.username} current={tab} />
      {tab === 'created' ? (
        <PinsPanel
          heading={t('profile.createdHeading')}
          hideHeading
          queryKey={endpointKey('listUserPins', {
            params: { username: user.username.toLowerCase() },
            query: { filter: 'created' },
          })}
          fetchPins={(page, signal) =>
            api.listUserPins(
              { params: { username: user.username }, query: { filter: 'created', ...page } },
              { signal },
            )
          }
          label={t('profile.createdFeedLabel', { name })}
          emptyText={t('profile.createdEmpty', { name })}
        />
      ) : (
        <ProfileBoards profile={user} />
      )}
    </>
  );
}
