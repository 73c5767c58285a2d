import type { Board, UserSummary } from '@pinboard/shared';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { ActionMenu, type ActionMenuItem } from './ActionMenu.tsx';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { ReorderSectionsDialog } from './ReorderSectionsDialog.tsx';
import { useCollaboratorWrites } from './useCollaboratorWrites.ts';

interface CollaboratorBoardMenuProps {
  board: Board;
  boardKey: QueryKey;
  viewer: UserSummary;
}

/**
 * A collaborator's board menu: Reorder sections (with two or more), Archive or Unarchive (for
 * themselves only), Leave board (after a confirmation).
 */
export function CollaboratorBoardMenu({ board, boardKey, viewer }: CollaboratorBoardMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'none' | 'reorder' | 'leave'>('none');
  const writes = useCollaboratorWrites(board, boardKey, viewer);
  const archived = board.archived_by_me_at !== null;
  const close = () => setOpen('none');

  const items: ActionMenuItem[] = [
    ...(board.section_count > 1
      ? [{ label: t('boardActions.reorderSections'), onSelect: () => setOpen('reorder') }]
      : []),
    {
      label: archived ? t('boardActions.unarchive') : t('boardActions.archive'),
      onSelect: () => writes.archive.mutate(!archived),
    },
    { label: t('boardActions.leave'), onSelect: () => setOpen('leave') },
  ];

  return (
    <>
      <ActionMenu label={t('boardActions.menu')} items={items} />
      {open === 'reorder' && <ReorderSectionsDialog boardId={board.id} onClose={close} />}
      {open === 'leave' && (
        <ConfirmDeleteDialog
          title={t('boardActions.leaveTitle')}
          body={t('boardActions.leaveBody', { name: board.name })}
          confirmLabel={t('boardActions.leaveConfirm')}
          remove={writes.leave}
          onClose={close}
          onDeleted={writes.applyLeft}
        />
      )}
    </>
  );
}
