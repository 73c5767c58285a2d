import type { Board, ViewerBoardInvite } from '@pinboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { answerInvite } from './collaboratorsApi.ts';

export type InviteAnswer = 'accepted' | 'declined';

/**
 * Accept and Decline of the viewer's board invitations (the profile's panel, the board page): an
 * answer shows at once and is taken back silently if refused (docs/product/boards.md#messages).
 */
export function useInviteAnswers(onAccepted: (board: Board | null) => void) {
  const [answers, setAnswers] = useState<ReadonlyMap<string, InviteAnswer>>(new Map());
  const mutation = useMutation({
    mutationFn: ({ invite, accept }: { invite: ViewerBoardInvite; accept: boolean }) =>
      answerInvite(invite.id, accept),
    onMutate: ({ invite, accept }) =>
      setAnswers((current) => new Map(current).set(invite.id, accept ? 'accepted' : 'declined')),
    onError: (_error, { invite }) =>
      setAnswers((current) => {
        const next = new Map(current);
        next.delete(invite.id);
        return next;
      }),
    onSuccess: (board, { accept }) => {
      if (accept) onAccepted(board);
    },
  });
  const answer = (invite: ViewerBoardInvite, accept: boolean) => mutation.mutate({ invite, accept });
  return { answers, answer };
}
