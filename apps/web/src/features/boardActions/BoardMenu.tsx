import type { Board } from '@pinboard/shared';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { useLocation, useNavigate } from 'react-router';
import { ActionMenu, type ActionMenuItem } from './ActionMenu.tsx';
import { deleteBoard } from './boardActionsApi.ts';
import { requestedBoardDialog } from './boardDialogRequest.ts';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { EditBoardDialog } from './EditBoardDialog.tsx';
import { InviteCollaboratorsDialog } from './InviteCollaboratorsDialog.tsx';
import { ReorderSectionsDialog } from './ReorderSectionsDialog.tsx';
import { useBoardWrites } from './useBoardWrites.ts';

type Open = 'none' | 'edit' | 'invite' | 'reorder' | 'delete';

/**
 * The owner's board menu: Edit board, Invite collaborators, Reorder sections (with two or
 * more), Archive or Unarchive, Delete board.
 */
export function BoardMenu({ board, boardKey }: { board: Board; boardKey: QueryKey }) {
  const { t } = useTranslation();
  // Opened by an address of its own (`/board/{id}/edit`, …), the dialog shows over the board at once.
  const location = useLocation();
  const navigate = useNavigate();
  const requested = requestedBoardDialog(location.state);
  const [open, setOpen] = useState<Open>(requested ?? 'none');
  const writes = useBoardWrites(board, boardKey);
  const archived = board.archived_by_me_at !== null;
  const close = () => {
    setOpen('none');
    // Closed, it stays closed on a reload or a return to this entry.
    if (requested) void navigate(location, { replace: true, state: null });
  };

  const items: ActionMenuItem[] = [
    { label: t('boardActions.edit'), onSelect: () => setOpen('edit') },
    { label: t('boardActions.invite'), onSelect: () => setOpen('invite') },
    ...(board.section_count > 1
      ? [{ label: t('boardActions.reorderSections'), onSelect: () => setOpen('reorder') }]
      : []),
    {
      label: archived ? t('boardActions.unarchive') : t('boardActions.archive'),
      onSelect: () => writes.archive.mutate(!archived),
    },
    { label: t('boardActions.delete'), onSelect: () => setOpen('delete') },
  ];

  return (
    <>
      <ActionMenu label={t('boardActions.menu')} items={items} />
      {open === 'edit' && (
        <EditBoardDialog
          board={board}
          onClose={close}
          onSaved={(saved) => {
            close();
            writes.applySaved(saved);
          }}
        />
      )}
      {open === 'invite' && <InviteCollaboratorsDialog board={board} boardKey={boardKey} onClose={close} />}
      {open === 'reorder' && <ReorderSectionsDialog boardId={board.id} onClose={close} />}
      {open === 'delete' && (
        <ConfirmDeleteDialog
          title={t('boardActions.deleteTitle')}
          body={t('boardActions.deleteBody', { name: board.name })}
          remove={() => deleteBoard(board.id)}
          onClose={close}
          onDeleted={writes.applyDeleted}
        />
      )}
    </>
  );
}
