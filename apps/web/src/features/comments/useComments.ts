import type { Comment, CreateComment } from '@pinboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, callEndpoint, endpointKey } from '../../api/endpoints.ts';
import { useBookmarkedList, type ListPage } from '../../api/useBookmarkedList.ts';

const PAGE_SIZE = 25;

/** A page of comments as the list keeps it: the comments, and the pin's count. */
type CommentListPage = ListPage<Comment> & { comment_count: number };

/** Every query of the pin's comments (top comments and replies): what a write refreshes. */
export const pinCommentsKey = (pinId: string) => endpointKey('listPinComments', { params: { id: pinId } });

/** A pin's top comments newest first, 25 at a time, with their first replies and the pin's count. */
export function usePinComments(pinId: string) {
  const list = useBookmarkedList<Comment, CommentListPage>(
    endpointKey('listPinComments', { params: { id: pinId }, query: { page_size: PAGE_SIZE } }),
    async (bookmark, signal) => {
      const query = { page_size: PAGE_SIZE, bookmark: bookmark ?? undefined };
      const { data, bookmark: next } = await callEndpoint(
        'listPinComments',
        { params: { id: pinId }, query },
        { signal },
      );
      return { data: data.comments, bookmark: next, comment_count: data.comment_count };
    },
    // Below the pin: the server render does not wait for them.
    { deferToBrowser: true },
  );
  return { ...list, count: list.firstPage?.comment_count ?? 0 };
}

/** The replies of a top comment after its first ones, oldest first, asked for by "Show more replies". */
export function useMoreReplies(pinId: string, parentId: string, enabled: boolean) {
  return useBookmarkedList<Comment, CommentListPage>(
    endpointKey('listPinComments', { params: { id: pinId }, query: { parent_id: parentId } }),
    async (bookmark, signal) => {
      const query = { parent_id: parentId, page_size: PAGE_SIZE, bookmark: bookmark ?? undefined };
      const { data, bookmark: next } = await callEndpoint(
        'listPinComments',
        { params: { id: pinId }, query },
        { signal },
      );
      return { data: data.comments, bookmark: next, comment_count: data.comment_count };
    },
    { enabled },
  );
}

/** Writing, deleting and liking: each refreshes the pin's comments when done. */
export function useCommentWrites(pinId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: pinCommentsKey(pinId) });
  const create = useMutation({
    mutationFn: async (body: CreateComment) =>
      (await api.createPinComment({ params: { id: pinId }, body })).data,
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (commentId: string) => api.deleteComment({ params: { id: commentId } }),
    onSuccess: refresh,
  });
  const like = useMutation({
    mutationFn: ({ commentId, liked }: { commentId: string; liked: boolean }) =>
      liked
        ? api.likeComment({ params: { id: commentId } })
        : api.unlikeComment({ params: { id: commentId } }),
    onSettled: refresh,
  });
  return { create, remove, like };
}
