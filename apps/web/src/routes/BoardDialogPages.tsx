import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n.ts';
import { Navigate, useParams } from 'react-router';
import { queries } from '../api/endpoints.ts';
import {
  boardDialogState,
  sectionRenameState,
  type BoardDialogRequest,
} from '../features/boardActions/boardDialogRequest.ts';
import { isNotFoundError } from '../features/profile/apiErrors.ts';
import { ErrorState, LoadingState, NotFoundState } from '../ui/PageStates.tsx';

/**
 * A board's dialog by the board's id: the board page, with the dialog open over it for its owner
 * (the address is replaced by the board's own).
 */
function BoardDialogPage({ dialog }: { dialog: BoardDialogRequest }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const board = useQuery(queries.getBoard({ params: { id } }));
  if (board.status === 'pending') return <LoadingState />;
  if (board.status === 'error') {
    return isNotFoundError(board.error) ? (
      <NotFoundState
        documentTitle={t('board.notFound.documentTitle')}
        title={t('board.notFound.title')}
        body={t('board.notFound.body')}
      />
    ) : (
      <ErrorState onRetry={() => void board.refetch()} />
    );
  }
  return <Navigate to={board.data.url} replace state={boardDialogState(dialog)} />;
}

/** `/board/{id}/edit/`: 'Edit board' over the board. */
export function EditBoardPage() {
  return <BoardDialogPage dialog="edit" />;
}

/** `/board/{id}/collaborators/` and `/board/{id}/add_collaborators/`: 'Invite collaborators' over the board. */
export function BoardCollaboratorsPage() {
  return <BoardDialogPage dialog="invite" />;
}

/** `/boardsection/{id}/edit/`: the section's board, with 'Rename section' open over it. */
export function EditSectionPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const section = useQuery(queries.getSection({ params: { id } }));
  const boardId = section.data?.board_id ?? '';
  const board = useQuery({ ...queries.getBoard({ params: { id: boardId } }), enabled: boardId !== '' });
  const failed = section.error ?? board.error;
  if (failed) {
    return isNotFoundError(failed) ? (
      <NotFoundState
        documentTitle={t('board.notFound.documentTitle')}
        title={t('board.notFound.title')}
        body={t('board.notFound.body')}
      />
    ) : (
      <ErrorState onRetry={() => void (section.error ? section.refetch() : board.refetch())} />
    );
  }
  if (!section.data || !board.data) return <LoadingState />;
  return <Navigate to={board.data.url} replace state={sectionRenameState(section.data.id)} />;
}
