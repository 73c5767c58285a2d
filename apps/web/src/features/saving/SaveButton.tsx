import type { Pin } from '@pinboard/shared';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import styles from './SaveButton.module.css';
import type { SaveOrigin } from './SaveFlow.tsx';
import { useSaveLauncher } from './useSaveLauncher.tsx';

interface SaveButtonProps {
  pin: Pin;
  origin: SaveOrigin;
  /** The red Save's look where it sits (a card's corner, the closeup's toolbar). */
  className: string | undefined;
  /** Its accessible name, when the button alone does not say which pin. */
  label?: string;
}

/**
 * Save, or where the viewer saved this picture (decision 44): the board's name, which opens the
 * board picker to save it elsewhere, beside a 'Saved' mark. Both go through the same launcher:
 * a visitor gets sign-up, a signed-in viewer the picker; before the viewer is known the link.
 * Both say they open a dialog: that is also what lets index.html keep a click made before the page
 * is hydrated (apps/web/src/ssr/earlyClicks.ts) instead of following the link.
 */
export function SaveButton({ pin, origin, className, label }: SaveButtonProps) {
  const { t } = useTranslation();
  const save = useSaveLauncher(pin, origin);
  const saved = pin.viewer_saved;
  const launch = {
    to: `/pin/${pin.id}/repin/`,
    onClick: save.onClick,
    onPointerEnter: save.onPointerEnter,
    onFocus: save.onFocus,
  };
  return (
    <>
      {saved ? (
        <div className={`${styles.saved} ${origin === 'grid' ? styles.onCard : styles.inToolbar}`}>
          <Link
            {...launch}
            className={styles.boardMenu}
            aria-haspopup="dialog"
            aria-label={t('pin.savedToLabel', { board: saved.board_name })}
          >
            <span className={styles.boardName}>{saved.board_name}</span>
            <svg className={styles.chevron} viewBox="0 0 12 12" aria-hidden="true">
              <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </Link>
          <span className={styles.savedMark}>{t('pin.saved')}</span>
        </div>
      ) : (
        <Link {...launch} className={className} aria-haspopup="dialog" aria-label={label}>
          {t('pin.save')}
        </Link>
      )}
      {save.flow}
    </>
  );
}
