import type { UserProfile } from '@pinboard/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { MessageButton } from '../messages/MessageButton.tsx';
import { FollowCountButton } from '../people/FollowCountButton.tsx';
import { PinnerAvatar } from '../pins/PinnerAvatar.tsx';
import { displayName } from '../pins/pinText.ts';
import { FollowUserButton } from '../users/FollowUserButton.tsx';
import { showsFollowerCount } from '../users/followerCount.ts';
import { useViewer } from '../viewer/useViewer.ts';
import { countOptions } from './formatCount.ts';
import styles from './ProfileHeader.module.css';

// The menu (Report profile, its dialog and zod) is a chunk of its own, loaded for signed-in viewers.
const ProfileMenu = lazy(async () => ({ default: (await import('./ProfileMenu.tsx')).ProfileMenu }));

/** The host of an http(s) website for display, or null for anything else (never a link then). */
function websiteHost(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return parsed.host.replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** The top of a profile: picture, name, @username, about, website, counts and the follow button. */
export function ProfileHeader({ profile }: { profile: UserProfile }) {
  const { t, i18n } = useTranslation();
  const host = websiteHost(profile.website_url);
  const { viewer } = useViewer();
  const { username } = profile;
  const following = (
    <FollowCountButton
      source={{ kind: 'following', username }}
      label={t('profile.following', countOptions(profile.following_count, i18n.language))}
    />
  );
  return (
    <header className={styles.header}>
      <PinnerAvatar user={profile} size={120} />
      <h1 className={styles.name}>{displayName(profile)}</h1>
      <p className={styles.username}>
        {t('profile.username', { username: profile.username })}
        {profile.pronouns.length > 0 && ` · ${profile.pronouns.join(' · ')}`}
      </p>
      {profile.about && <p className={styles.about}>{profile.about}</p>}
      {host && profile.website_url && (
        <a
          className={styles.website}
          href={profile.website_url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          aria-label={t('profile.websiteLabel', { host })}
        >
          {host}
        </a>
      )}
      <p className={styles.counts}>
        {showsFollowerCount(viewer !== null, profile) ? (
          <>
            <FollowCountButton
              source={{ kind: 'followers', username }}
              label={t('profile.followers', countOptions(profile.follower_count, i18n.language))}
            />
            {' · '}
            {following}
          </>
        ) : (
          following
        )}
      </p>
      {profile.is_me ? (
        <Link className={styles.editProfile} to="/settings/profile/">
          {t('profile.editProfile')}
        </Link>
      ) : (
        <div className={styles.actions}>
          <FollowUserButton username={profile.username} />
          {viewer !== null && (
            <>
              <MessageButton userId={profile.id} blocked={profile.blocked_by_me} />
              <Suspense fallback={null}>
                <ProfileMenu profile={profile} />
              </Suspense>
            </>
          )}
        </div>
      )}
    </header>
  );
}
