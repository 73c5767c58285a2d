import { api, endpointKey } from '../api/endpoints.ts';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../i18n.ts';
import { useParams } from 'react-router';
import { BoardHeader } from '../features/boards/BoardHeader.tsx';
import { BoardSections } from '../features/boards/BoardSections.tsx';
import { PinsPanel } from '../features/boards/PinsPanel.tsx';
import { boardAddressKey, useBoard } from '../features/boards/useBoard.ts';
import { useCanMovePins } from '../features/moving/canMovePins.ts';
import { displayName } from '../features/pins/pinText.ts';
import { isNotFoundError } from '../features/profile/apiErrors.ts';
import { FollowRenamedUser } from '../features/profile/FollowRenamedUser.tsx';
import { ErrorState, LoadingState, NotFoundState } from '../ui/PageStates.tsx';
import { useViewer } from '../features/viewer/useViewer.ts';

// Follow, the owner's menus and their dialogs load after the board (the first page is at its budget).
const BoardActions = lazy(async () => ({
  default: (await import('../features/boardActions/BoardActions.tsx')).BoardActions,
}));
const AddSectionButton = lazy(async () => ({
  default: (await import('../features/boardActions/AddSectionButton.tsx')).AddSectionButton,
}));
const SectionMenu = lazy(async () => ({
  default: (await import('../features/boardActions/SectionMenu.tsx')).SectionMenu,
}));
// Only the owner of a removed board sees it (decision 54): its notice and Appeal form are a chunk of their own.
const RemovalNotice = lazy(async () => ({
  default: (await import('../features/moderation/RemovalNotice.tsx')).RemovalNotice,
}));

/** `/{username}/{board}`: the board's header, its sections row and its pins. */
export function BoardPage() {
  const { t } = useTranslation();
  const { username = '', board: slug = '' } = useParams();
  const query = useBoard(username, slug);
  const viewer = useViewer();
  // Owner and collaborators (who may add sections and organize pins) are known from the first
  // paint: the page waits for the viewer too (asked for with the page, by the header), so the
  // lazy owner-only controls arrive into space already kept for them.
  const canEdit = useCanMovePins(query.data);

  if (query.status === 'pending' || viewer.isLoading) return <LoadingState />;
  if (query.status === 'error') {
    return isNotFoundError(query.error) ? (
      <FollowRenamedUser username={username}>
        <NotFoundState
          documentTitle={t('board.notFound.documentTitle')}
          title={t('board.notFound.title')}
          body={t('board.notFound.body')}
        />
      </FollowRenamedUser>
    ) : (
      <ErrorState onRetry={() => void query.refetch()} />
    );
  }

  const board = query.data;
  const boardKey = boardAddressKey(username, slug);
  return (
    <>
      <title>{t('board.documentTitle', { board: board.name, owner: displayName(board.owner) })}</title>
      {board.removal && (
        <Suspense fallback={null}>
          <RemovalNotice objectType="board" objectId={board.id} removal={board.removal} refresh={boardKey} />
        </Suspense>
      )}
      <BoardHeader
        board={board}
        actions={
          <Suspense fallback={null}>
            <BoardActions board={board} boardKey={boardKey} />
          </Suspense>
        }
      />
      {/* Only those who may change sections load their controls' chunks (a visitor's would be empty). */}
      <BoardSections
        board={board}
        reserveEditorSpace={canEdit}
        addSection={
          canEdit && (
            <Suspense fallback={null}>
              <AddSectionButton board={board} boardKey={boardKey} />
            </Suspense>
          )
        }
        sectionMenu={
          canEdit
            ? (section) => (
                <Suspense fallback={null}>
                  <SectionMenu board={board} boardKey={boardKey} section={section} />
                </Suspense>
              )
            : undefined
        }
      />
      <PinsPanel
        heading={t('board.pinsHeading')}
        queryKey={endpointKey('listBoardPins', { params: { id: board.id } })}
        fetchPins={(page, signal) => api.listBoardPins({ params: { id: board.id }, query: page }, { signal })}
        label={t('board.pinsFeedLabel', { board: board.name })}
        emptyText={t('board.pinsEmpty')}
        organizePlace={canEdit ? { boardId: board.id, sectionId: null } : undefined}
      />
    </>
  );
}
