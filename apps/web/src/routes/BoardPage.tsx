import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { boardKeys } from '../features/boards/boardKeys.ts';
import { BoardHeader } from '../features/boards/BoardHeader.tsx';
import { BoardSections } from '../features/boards/BoardSections.tsx';
import { PinsPanel } from '../features/boards/PinsPanel.tsx';
import { useBoard } from '../features/boards/useBoard.ts';
import { displayName } from '../features/pins/pinText.ts';
import { isNotFoundError } from '../features/profile/apiErrors.ts';
import { ErrorState, LoadingState, NotFoundState } from '../features/profile/PageStates.tsx';

/** `/{username}/{board}`: the board's header, its sections row and its pins. */
export function BoardPage() {
  const { t } = useTranslation();
  const { username = '', board: slug = '' } = useParams();
  const query = useBoard(username, slug);

  if (query.status === 'pending') return <LoadingState />;
  if (query.status === 'error') {
    return isNotFoundError(query.error) ? (
      <NotFoundState
        documentTitle={t('board.notFound.documentTitle')}
        title={t('board.notFound.title')}
        body={t('board.notFound.body')}
      />
    ) : (
      <ErrorState onRetry={() => void query.refetch()} />
    );
  }

  const board = query.data;
  return (
    <>
      <title>{t('board.documentTitle', { board: board.name, owner: displayName(board.owner) })}</title>
      <BoardHeader board={board} />
      <BoardSections board={board} />
      <PinsPanel
        heading={t('board.pinsHeading')}
        queryKey={boardKeys.pins(board.id)}
        path={`/v3/boards/${board.id}/pins/`}
        label={t('board.pinsFeedLabel', { board: board.name })}
        emptyText={t('board.pinsEmpty')}
      />
    </>
  );
}
