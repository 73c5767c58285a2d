import { api, endpointKey } from '../api/endpoints.ts';
import { useTranslation } from '../i18n.ts';
import { useParams } from 'react-router';
import { PinsPanel } from '../features/boards/PinsPanel.tsx';
import { SectionHeader } from '../features/boards/SectionHeader.tsx';
import { useBoard, useSection } from '../features/boards/useBoard.ts';
import { useCanMovePins } from '../features/moving/canMovePins.ts';
import { displayName } from '../features/pins/pinText.ts';
import { isNotFoundError } from '../features/profile/apiErrors.ts';
import { FollowRenamedUser } from '../features/profile/FollowRenamedUser.tsx';
import { ErrorState, LoadingState, NotFoundState } from '../ui/PageStates.tsx';

/** `/{username}/{board}/{section}`: a breadcrumb back to the board, the section's title and its pins. */
export function SectionPage() {
  const { t } = useTranslation();
  const { username = '', board: boardSlug = '', section: sectionSlug = '' } = useParams();
  const board = useBoard(username, boardSlug);
  const section = useSection(board.data?.id, sectionSlug);
  const canMove = useCanMovePins(board.data);

  const failed = board.status === 'error' ? board : section.status === 'error' ? section : null;
  if (failed) {
    if (!isNotFoundError(failed.error)) return <ErrorState onRetry={() => void failed.refetch()} />;
    const which = board.status === 'error' ? 'notFound' : 'sectionNotFound';
    const notFound = (
      <NotFoundState
        documentTitle={t(`board.${which}.documentTitle`)}
        title={t(`board.${which}.title`)}
        body={t(`board.${which}.body`)}
      />
    );
    // A board not found under a name its person left is under their new name.
    return which === 'notFound' ? (
      <FollowRenamedUser username={username}>{notFound}</FollowRenamedUser>
    ) : (
      notFound
    );
  }
  if (board.status !== 'success' || section.status !== 'success') return <LoadingState />;

  const { data: boardData } = board;
  const { data: sectionData } = section;
  return (
    <>
      <title>
        {t('board.sectionDocumentTitle', {
          section: sectionData.title,
          board: boardData.name,
          owner: displayName(boardData.owner),
        })}
      </title>
      <SectionHeader board={boardData} section={sectionData} />
      <PinsPanel
        heading={t('board.pinsHeading')}
        hideHeading
        queryKey={endpointKey('listSectionPins', { params: { id: sectionData.id } })}
        fetchPins={(page, signal) =>
          api.listSectionPins({ params: { id: sectionData.id }, query: page }, { signal })
        }
        label={t('board.sectionPinsFeedLabel', { section: sectionData.title })}
        emptyText={t('board.sectionPinsEmpty')}
        organizePlace={canMove ? { boardId: boardData.id, sectionId: sectionData.id } : undefined}
      />
    </>
  );
}
