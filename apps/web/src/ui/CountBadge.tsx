import styles from './CountBadge.module.css';

/** The count a badge shows past which it says 99+ (the server counts up to 100). */
export const BADGE_MOST_SHOWN = 99;

/**
 * The red count over a header icon (the bell, messages): nothing at 0, "99+" past 99. Hidden from
 * assistive technology: the icon's own label says the count. Its parent is positioned.
 */
export function CountBadge({ count, testId }: { count: number; testId: string }) {
  if (count <= 0) return null;
  return (
    <span className={styles.badge} aria-hidden="true" data-testid={testId}>
      {count > BADGE_MOST_SHOWN ? `${BADGE_MOST_SHOWN}+` : count}
    </span>
  );
}
