import type { Board } from '@pinboard/shared';
import type { QueryKey } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import styles from './BoardActions.module.css';
import { deleteBoard } from './boardActionsApi.ts';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { EditBoardDialog } from './EditBoardDialog.tsx';
import { InviteCollaboratorsDialog } from './InviteCollaboratorsDialog.tsx';
import { useBoardWrites } from './useBoardWrites.ts';
import { useMenuDismiss } from './useMenuDismiss.ts';

type Open = 'none' | 'menu' | 'edit' | 'invite' | 'delete';

/**
 * The owner's board menu: Edit board, Invite collaborators, Archive or Unarchive, Delete board. A plain disclosure
 * (a button and a list of buttons), closed by Escape or a click elsewhere.
 */
export function BoardMenu({ board, boardKey }: { board: Board; boardKey: QueryKey }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>('none');
  const menuId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  // A dialog gives focus back to what had it; the menu item will be gone, so the trigger has it.
  const openDialog = (dialog: Open) => {
    // The trigger is the first button of the wrapper (the kit's Button takes no ref).
    wrap.current?.querySelector('button')?.focus();
    setOpen(dialog);
  };
  const writes = useBoardWrites(board, boardKey);
  const archived = board.archived_by_me_at !== null;

  useMenuDismiss(open === 'menu', wrap, () => setOpen('none'));

  return (
    <div ref={wrap}>
      <Button
        aria-expanded={open === 'menu'}
        aria-controls={menuId}
        onClick={() => setOpen(open === 'menu' ? 'none' : 'menu')}
      >
        {t('boardActions.menu')}
      </Button>
      {open === 'menu' && (
        <ul id={menuId} className={styles.menu}>
          <li>
            <button type="button" className={styles.menuItem} onClick={() => openDialog('edit')}>
              {t('boardActions.edit')}
            </button>
          </li>
          <li>
            <button type="button" className={styles.menuItem} onClick={() => openDialog('invite')}>
              {t('boardActions.invite')}
            </button>
          </li>
          <li>
            <button
              type="button"
              className={styles.menuItem}
              onClick={() => {
                setOpen('none');
                writes.archive.mutate(!archived);
              }}
            >
              {archived ? t('boardActions.unarchive') : t('boardActions.archive')}
            </button>
          </li>
          <li>
            <button type="button" className={styles.menuItem} onClick={() => openDialog('delete')}>
              {t('boardActions.delete')}
            </button>
          </li>
        </ul>
      )}
      {open === 'edit' && (
        <EditBoardDialog
          board={board}
          onClose={() => setOpen('none')}
          onSaved={(saved) => {
            setOpen('none');
            writes.applySaved(saved);
          }}
        />
      )}
      {open === 'invite' && (
        <InviteCollaboratorsDialog board={board} boardKey={boardKey} onClose={() => setOpen('none')} />
      )}
      {open === 'delete' && (
        <ConfirmDeleteDialog
          title={t('boardActions.deleteTitle')}
          body={t('boardActions.deleteBody', { name: board.name })}
          remove={() => deleteBoard(board.id)}
          onClose={() => setOpen('none')}
          onDeleted={writes.applyDeleted}
        />
      )}
    </div>
  );
}
