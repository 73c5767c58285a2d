import type { BoardCollaborators, BoardInvite, Invitee, UserSummary } from '@pinboard/shared';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { queries } from '../../api/endpoints.ts';
import { inviteCollaborators, removeCollaborator } from './collaboratorsApi.ts';

/** One entry of the invite queue: what is sent, and who it shows as until the server answers. */
export interface QueuedInvitee {
  key: string;
  invitee: Invitee;
  /** The account, for a person; null for an email address. */
  user: UserSummary | null;
  label: string;
}

/** A pending invitation as it shows before the server has answered. */
export function pendingInvite(boardId: string, inviter: UserSummary, queued: QueuedInvitee): BoardInvite {
  return {
    id: `queued-${queued.key}`,
    type: 'board_invite',
    board_id: boardId,
    status: 'pending',
    invitee: queued.user,
    invitee_email: queued.invitee.type === 'email' ? queued.invitee.email : null,
    inviter,
    created_at: new Date().toISOString(),
  };
}

/**
 * A board's collaborators and pending invitations, with invite and remove. Both are optimistic
 * and put the list back silently when refused (docs/product/boards.md#rules); the server's answer
 * then replaces the list, and the board (its collaborator avatars) is refetched.
 */
export function useCollaborators(boardId: string, owner: UserSummary, boardKey: QueryKey) {
  const queryClient = useQueryClient();
  const query = queries.getBoardCollaborators({ params: { id: boardId } });
  const key = query.queryKey;
  const list = useQuery(query);

  async function change(update: (current: BoardCollaborators) => BoardCollaborators) {
    await queryClient.cancelQueries({ queryKey: key });
    const previous = queryClient.getQueryData<BoardCollaborators>(key);
    if (previous) queryClient.setQueryData(key, update(previous));
    return { previous };
  }
  const settle = {
    onError: (_error: unknown, _input: unknown, context?: { previous?: BoardCollaborators }) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (result: BoardCollaborators) => {
      queryClient.setQueryData(key, result);
      // The page's collaborator avatars and count come from the board itself.
      void queryClient.invalidateQueries({ queryKey: boardKey });
    },
  };

  const invite = useMutation({
    mutationFn: (queue: QueuedInvitee[]) =>
      inviteCollaborators(
        boardId,
        queue.map((entry) => entry.invitee),
      ),
    onMutate: (queue) =>
      change((current) => ({
        ...current,
        invites: [...current.invites, ...queue.map((entry) => pendingInvite(boardId, owner, entry))],
      })),
    ...settle,
  });

  const remove = useMutation({
    mutationFn: (userId: string) => removeCollaborator(boardId, userId),
    onMutate: (userId) =>
      change((current) => ({
        ...current,
        collaborators: current.collaborators.filter((user) => user.id !== userId),
        invites: current.invites.filter((invite) => invite.invitee?.id !== userId),
      })),
    ...settle,
  });

  return { list, invite, remove };
}
