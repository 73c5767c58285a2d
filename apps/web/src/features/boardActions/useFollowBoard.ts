import type { Board } from '@pinboard/shared';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { followBoard } from './boardActionsApi.ts';

/** The board as it will be once the follow (or unfollow) is through. */
function withFollow(board: Board, follow: boolean): Board {
  if (board.followed_by_me === follow) return board;
  return {
    ...board,
    followed_by_me: follow,
    follower_count: Math.max(0, board.follower_count + (follow ? 1 : -1)),
  };
}

/**
 * Follows or unfollows a board, optimistically: the cached board (under `boardKey`, the page's
 * own query) changes at once and silently goes back if the server refuses (docs/product/boards.md#messages).
 */
export function useFollowBoard(boardId: string, boardKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => followBoard(boardId, follow),
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey: boardKey });
      const previous = queryClient.getQueryData<Board>(boardKey);
      if (previous) queryClient.setQueryData(boardKey, withFollow(previous, follow));
      return { previous };
    },
    onError: (_error, _follow, context) => {
      if (context?.previous) queryClient.setQueryData(boardKey, context.previous);
    },
    onSuccess: (board) => queryClient.setQueryData(boardKey, board),
  });
}
