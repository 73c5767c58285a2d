import type { Board, UserSummary } from '@pinboard/shared';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from '../../i18n.ts';
import { useNavigate } from 'react-router';
import { endpointKey } from '../../api/endpoints.ts';
import { useToast } from '../../ui/toastContext.ts';
import { removeBoardQueries } from '../boards/invalidateBoard.ts';
import { refreshProfileLists } from '../profile/refreshProfileLists.ts';
import { archiveBoard } from './boardActionsApi.ts';
import { removeCollaborator } from './collaboratorsApi.ts';
import { TOAST_MS } from './toast.ts';
import { useErrorToast } from './useBoardWrites.ts';

/**
 * What a collaborator does to a board that is not theirs: archive it for themselves (at once,
 * put back with a toast if refused: it is a board action, 2172 included) and leave it (then
 * their own profile, where the board is gone from their lists, as from the board picker).
 */
export function useCollaboratorWrites(board: Board, boardKey: QueryKey, viewer: UserSummary) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const { t } = useTranslation();
  const showError = useErrorToast();
  const refreshLists = () => {
    refreshProfileLists(queryClient, viewer.username);
    // What saving shows: the picker, where pins are saved, title ideas, website images.
    for (const name of [
      'getBoardPicker',
      'listSavedTo',
      'listBoardTitleSuggestions',
      'findImages',
    ] as const) {
      void queryClient.invalidateQueries({ queryKey: endpointKey(name) });
    }
  };

  const archive = useMutation({
    mutationFn: (archived: boolean) => archiveBoard(board.id, archived),
    onMutate: async (archived) => {
      await queryClient.cancelQueries({ queryKey: boardKey });
      const previous = queryClient.getQueryData<Board>(boardKey);
      if (previous) {
        const archivedAt = archived ? new Date().toISOString() : null;
        queryClient.setQueryData<Board>(boardKey, { ...previous, archived_by_me_at: archivedAt });
      }
      return { previous };
    },
    onSuccess: (saved, archived) => {
      queryClient.setQueryData(boardKey, saved);
      refreshLists();
      toast.show(t(archived ? 'boardActions.archived' : 'boardActions.unarchived'), { durationMs: TOAST_MS });
    },
    onError: (error, _archived, context) => {
      if (context?.previous) queryClient.setQueryData(boardKey, context.previous);
      showError(error);
    },
  });

  /** For the confirmation dialog: the call itself; `applyLeft` once it went through. */
  const leave = () => removeCollaborator(board.id, viewer.id);
  function applyLeft() {
    removeBoardQueries(queryClient, board.id);
    void queryClient.invalidateQueries({ queryKey: boardKey });
    refreshLists();
    toast.show(t('boardActions.left', { name: board.name }), { durationMs: TOAST_MS });
    void navigate(`/${viewer.username}/`);
  }

  return { archive, leave, applyLeft };
}
