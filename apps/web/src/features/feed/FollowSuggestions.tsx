import type { UserSummary } from '@pinboard/shared';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { PinnerAvatar } from '../pins/PinnerAvatar.tsx';
import { displayName } from '../pins/pinText.ts';
import { FollowUserButton } from '../users/FollowUserButton.tsx';
import { useViewer } from '../viewer/useViewer.ts';
import styles from './FollowSuggestions.module.css';
import { useHomeFeed } from './useHomeFeed.ts';

const SUGGESTIONS = 6;

/** The people behind the home feed's pins, each once, not the viewer: whom to follow first. */
function suggestedPeople(pins: { pinner: UserSummary }[], viewerUsername: string | undefined) {
  const seen = new Set<string>();
  const people: UserSummary[] = [];
  for (const { pinner } of pins) {
    if (pinner.username === viewerUsername || seen.has(pinner.username)) continue;
    seen.add(pinner.username);
    people.push(pinner);
    if (people.length === SUGGESTIONS) break;
  }
  return people;
}

/** The empty Following feed: what it will show, and people to follow from the home feed. */
export function FollowSuggestions() {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const people = suggestedPeople(useHomeFeed().pins, viewer?.username);
  return (
    <section className={styles.empty} aria-labelledby="following-empty-title">
      <h2 id="following-empty-title" className={styles.title}>
        {t('home.followingEmpty.title')}
      </h2>
      <p className={styles.text}>{t('home.followingEmpty.text')}</p>
      {people.length > 0 && (
        <ul className={styles.people} aria-label={t('home.followingEmpty.suggestions')}>
          {people.map((person) => (
            <li key={person.id} className={styles.person}>
              <Link to={`/${person.username}/`} className={styles.link}>
                <PinnerAvatar user={person} size={64} />
                <span className={styles.name}>{displayName(person)}</span>
              </Link>
              <FollowUserButton username={person.username} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
