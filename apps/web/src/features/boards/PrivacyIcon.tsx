import type { BoardPrivacy } from '@pinboard/shared';
import { useTranslation } from '../../i18n.ts';
import styles from './PrivacyIcon.module.css';

interface PrivacyIconProps {
  privacy: BoardPrivacy;
  size?: number;
  /** Hidden from assistive technology, for when visible text beside it already says it. */
  decorative?: boolean;
}

/** The lock shown on secret and protected boards, named for assistive technology. */
export function PrivacyIcon({ privacy, size = 16, decorative = false }: PrivacyIconProps) {
  const { t } = useTranslation();
  if (privacy === 'public') return null;
  const a11y = decorative
    ? { 'aria-hidden': true }
    : { role: 'img', 'aria-label': t(`board.privacy.${privacy}`) };
  return (
    <svg className={styles.icon} {...a11y} width={size} height={size} viewBox="0 0 24 24">
      <path
        fill="currentColor"
        d="M17 9V7A5 5 0 0 0 7 7v2a3 3 0 0 0-3 3v7a3 3 0 0 0 3 3h10a3 3 0 0 0 3-3v-7a3 3 0 0 0-3-3zM9 7a3 3 0 0 1 6 0v2H9zm4 9.73V18h-2v-1.27a2 2 0 1 1 2 0z"
      />
    </svg>
  );
}
