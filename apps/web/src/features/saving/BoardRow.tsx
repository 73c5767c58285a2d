import type { PickerBoard } from '@pinboard/shared';
import { useTranslation } from '../../i18n.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { CollaboratorAvatars } from '../boards/CollaboratorAvatars.tsx';
import { PrivacyIcon } from '../boards/PrivacyIcon.tsx';
import styles from './BoardPicker.module.css';

export type RowStatus = 'loading' | 'success' | null;

interface BoardRowProps {
  board: PickerBoard;
  status: RowStatus;
  /** The row leads to the board's sections instead of saving at once. */
  opensSections: boolean;
  active: boolean;
}

/** A board in the picker (docs/product/saving.md#board-picker): cover, name, counts, icons, collaborators. */
export function BoardRow({ board, status, opensSections, active }: BoardRowProps) {
  const { t } = useTranslation();
  return (
    <>
      <span className={styles.thumb} aria-hidden="true">
        {board.image_cover_url && <img src={board.image_cover_url} alt="" width={48} height={48} />}
      </span>
      <span className={styles.text}>
        <span className={styles.name}>{board.name}</span>
        <span className={styles.counts}>
          {t('saving.pinCount', { count: board.pin_count })}
          {board.section_count > 0 && <> · {t('saving.sectionCount', { count: board.section_count })}</>}
          {board.has_pin && <> · {t('saving.savedHere')}</>}
        </span>
      </span>
      <span className={styles.icons}>
        <PrivacyIcon privacy={board.privacy} />
        {board.is_collaborative && <GroupIcon />}
        <CollaboratorAvatars users={board.collaborating_users} count={board.collaborator_count} size={20} />
      </span>
      <RowEnd status={status} opensSections={opensSections} active={active} />
    </>
  );
}

/** What the end of a row says: its save state, an arrow to its sections, or 'Save' on hover. */
export function RowEnd({ status, opensSections, active }: Omit<BoardRowProps, 'board'>) {
  const { t } = useTranslation();
  if (status === 'loading') {
    return (
      <span className={styles.state} role="status">
        <Spinner />
        {t('saving.saving')}
      </span>
    );
  }
  if (status === 'success') {
    return (
      <span className={styles.state} role="status">
        {t('saving.saved')}
      </span>
    );
  }
  if (opensSections) {
    return (
      <span className={styles.chevron} aria-label={t('saving.hasSections')} role="img">
        ›
      </span>
    );
  }
  return active ? (
    <span className={styles.saveChip} aria-hidden="true">
      {t('pin.save')}
    </span>
  ) : null;
}

function GroupIcon() {
  const { t } = useTranslation();
  return (
    <svg
      role="img"
      aria-label={t('saving.group')}
      width="16"
      height="16"
      viewBox="0 0 24 24"
      className={styles.icon}
    >
      <path
        fill="currentColor"
        d="M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM1 20c0-3.3 3.6-6 8-6s8 2.7 8 6v1H1zm17 1v-1c0-1.8-.7-3.4-1.9-4.6 3.3.2 5.9 2.2 5.9 4.6v1z"
      />
    </svg>
  );
}
