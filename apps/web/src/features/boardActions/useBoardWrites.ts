import type { Board } from '@pinboard/shared';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from '../../i18n.ts';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/errorMessage.ts';
import { useToast } from '../../ui/toastContext.ts';
import { boardAddressKey } from '../boards/useBoard.ts';
import { refreshProfileLists } from '../profile/refreshProfileLists.ts';
import { archiveBoard } from './boardActionsApi.ts';
import { forgetSaves } from '../saving/savedState.ts';
import { TOAST_MS } from './toast.ts';

/**
 * Shows a failed board action's words as an error toast (codes 2171-2173 say so;
 * docs/product/boards.md#messages).
 */
export function useErrorToast() {
  const toast = useToast();
  const { t } = useTranslation();
  return (error: unknown) =>
    toast.show(errorMessage(t, error, 'boardActions.failed'), { durationMs: TOAST_MS, tone: 'error' });
}

/** `/{username}/{slug}/` → the board's address parts (a rename may change the slug). */
function addressOf(url: string): [string, string] | null {
  const [username, slug] = url.split('/').filter(Boolean);
  return username && slug ? [username, decodeURIComponent(slug)] : null;
}

/**
 * What the owner's menu does to the page once a write is through: the board's own cache gets
 * the server's answer, the owner's board lists are refreshed, and a rename that changed the
 * slug moves the page to the new address.
 */
export function useBoardWrites(board: Board, boardKey: QueryKey) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const { t } = useTranslation();
  const showError = useErrorToast();

  function applySaved(saved: Board) {
    queryClient.setQueryData(boardKey, saved);
    refreshProfileLists(queryClient, board.owner.username);
    if (saved.url !== board.url) {
      const address = addressOf(saved.url);
      if (address) queryClient.setQueryData(boardAddressKey(...address), saved);
      void navigate(saved.url, { replace: true });
    }
  }

  function applyDeleted() {
    refreshProfileLists(queryClient, board.owner.username);
    // Pins saved to it say Save again on every card and closeup (decision 44).
    forgetSaves(queryClient, { boardId: board.id });
    void navigate(`/${board.owner.username}/`, { replace: true });
  }

  const archive = useMutation({
    mutationFn: (archived: boolean) => archiveBoard(board.id, archived),
    onSuccess: (saved, archived) => {
      applySaved(saved);
      toast.show(t(archived ? 'boardActions.archived' : 'boardActions.unarchived'), { durationMs: TOAST_MS });
    },
    // 2171-2173 ('Please wait until the previous board action finishes.') and the rest as a toast.
    onError: showError,
  });

  return { applySaved, applyDeleted, archive };
}
