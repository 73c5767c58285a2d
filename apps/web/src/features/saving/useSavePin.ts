import type { RepinResult } from '@pinboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { boardKeys } from '../boards/boardKeys.ts';
import { profileKeys } from '../profile/profileKeys.ts';
import { userKeys } from '../users/userKeys.ts';
import { useAdvertiserIdToSend } from '../viewer/advertiserContext.ts';
import { repinPin } from './savingApi.ts';
import { savingKeys } from './savingKeys.ts';

export interface SaveTarget {
  boardId: string;
  sectionId: string | null;
}

/**
 * Saves a pin to a board or one of its sections. Afterwards only what the save changed is
 * refreshed: that board (its pins, sections and counts), the picker and saved-to answers for
 * this pin, and the viewer's profile and board lists (pin counts, covers). An ad-account viewer
 * who is not the owner sends `advertiser_id` (spec 2 section 6).
 */
export function useSavePin(pinId: string, viewerUsername: string | null) {
  const queryClient = useQueryClient();
  const advertiserId = useAdvertiserIdToSend();
  return useMutation({
    mutationFn: (target: SaveTarget): Promise<RepinResult> =>
      repinPin(pinId, {
        board_id: target.boardId,
        section_id: target.sectionId,
        ...(advertiserId && { advertiser_id: advertiserId }),
      }),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: boardKeys.board(result.board.id) });
      // The board page reads the board by its address, /{username}/{slug}/.
      const [username, slug] = result.board.url.split('/').filter(Boolean);
      if (username && slug)
        void queryClient.invalidateQueries({ queryKey: boardKeys.byAddress(username, slug) });
      void queryClient.invalidateQueries({ queryKey: savingKeys.picker(pinId) });
      void queryClient.invalidateQueries({ queryKey: savingKeys.savedTo(pinId) });
      if (viewerUsername) {
        void queryClient.invalidateQueries({ queryKey: profileKeys.of(viewerUsername) });
        void queryClient.invalidateQueries({ queryKey: userKeys.profile(viewerUsername) });
      }
    },
  });
}
