import './words.ts';
import type { Board, BoardSection } from '@pinboard/shared';
import type { QueryKey } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { useLocation, useNavigate } from 'react-router';
import { canEditBoard } from '../boards/canEditBoard.ts';
import { useViewer } from '../viewer/useViewer.ts';
import styles from './BoardActions.module.css';
import { deleteSection } from './boardActionsApi.ts';
import { requestedSectionRename } from './boardDialogRequest.ts';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { RenameSectionDialog } from './RenameSectionDialog.tsx';
import { useMenuDismiss } from './useMenuDismiss.ts';
import { useSectionWrites } from './useSectionWrites.ts';

interface SectionMenuProps {
  board: Board;
  boardKey: QueryKey;
  section: BoardSection;
}

type Open = 'none' | 'menu' | 'rename' | 'delete';

/** A section card's menu (owner and collaborators): rename or delete the section. */
export function SectionMenu({ board, boardKey, section }: SectionMenuProps) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  // Asked for by `/boardsection/{id}/edit`, 'Rename section' opens over the board at once.
  const location = useLocation();
  const navigate = useNavigate();
  const requested = requestedSectionRename(location.state) === section.id;
  const [open, setOpen] = useState<Open>(requested ? 'rename' : 'none');
  const closeDialog = () => {
    setOpen('none');
    // Closed, it stays closed on a reload or a return to this entry.
    if (requested) void navigate(location, { replace: true, state: null });
  };
  const menuId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  // A dialog gives focus back to what had it; the menu item will be gone, so the trigger has it.
  const openDialog = (dialog: Open) => {
    trigger.current?.focus();
    setOpen(dialog);
  };
  const sectionsChanged = useSectionWrites(board.id, boardKey);
  useMenuDismiss(open === 'menu', wrap, () => setOpen('none'));
  if (!canEditBoard(board, viewer)) return null;

  return (
    <div ref={wrap} className={styles.sectionMenu}>
      <button
        ref={trigger}
        type="button"
        className={styles.moreButton}
        aria-label={t('boardActions.sectionMenu', { title: section.title })}
        aria-expanded={open === 'menu'}
        aria-controls={menuId}
        onClick={() => setOpen(open === 'menu' ? 'none' : 'menu')}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="5" cy="12" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="19" cy="12" r="2" />
        </svg>
      </button>
      {open === 'menu' && (
        <ul id={menuId} className={styles.menu}>
          <li>
            <button type="button" className={styles.menuItem} onClick={() => openDialog('rename')}>
              {t('boardActions.renameSection')}
            </button>
          </li>
          <li>
            <button type="button" className={styles.menuItem} onClick={() => openDialog('delete')}>
              {t('boardActions.deleteSection')}
            </button>
          </li>
        </ul>
      )}
      {open === 'rename' && (
        <RenameSectionDialog
          section={section}
          onClose={closeDialog}
          onRenamed={() => {
            closeDialog();
            sectionsChanged(0);
          }}
        />
      )}
      {open === 'delete' && (
        <ConfirmDeleteDialog
          title={t('boardActions.deleteSectionTitle')}
          body={t('boardActions.deleteSectionBody', { title: section.title })}
          remove={() => deleteSection(section.id)}
          onClose={() => setOpen('none')}
          onDeleted={() => {
            setOpen('none');
            sectionsChanged(-1);
          }}
        />
      )}
    </div>
  );
}
