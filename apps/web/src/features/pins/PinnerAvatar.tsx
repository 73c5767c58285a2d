import type { UserSummary } from '@pinboard/shared';
import styles from './PinnerAvatar.module.css';
import { displayName } from './pinText.ts';

// One colour per `avatar_color_index` (0–9), each dark enough for a white initial (contrast ≥ 4.5).
const AVATAR_COLORS = [
  '#c62828',
  '#ad1457',
  '#6a1b9a',
  '#283593',
  '#0277bd',
  '#00695c',
  '#2e7d32',
  '#bf360c',
  '#5d4037',
  '#455a64',
];

/** A person's picture, or their initial on their colour; decorative, as their name is always beside it. */
export function PinnerAvatar({ user, size = 24 }: { user: UserSummary; size?: number }) {
  if (user.image_medium_url) {
    return <img className={styles.avatar} src={user.image_medium_url} width={size} height={size} alt="" />;
  }
  const initial = Array.from(displayName(user))[0]?.toUpperCase() ?? '';
  return (
    <span
      className={styles.avatar}
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        fontSize: size / 2,
        backgroundColor: AVATAR_COLORS[user.avatar_color_index % AVATAR_COLORS.length],
      }}
    >
      {initial}
    </span>
  );
}
