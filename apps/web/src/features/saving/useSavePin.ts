import type { RepinResult } from '@pinboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpointKey } from '../../api/endpoints.ts';
import { useAdvertiserIdToSend } from '../viewer/advertiserContext.ts';
import { refreshAfterPinAdded } from './refreshAfterPinAdded.ts';
import { showPictureSaved } from './savedState.ts';
import { repinPin } from './savingApi.ts';

export interface SaveTarget {
  boardId: string;
  sectionId: string | null;
}

/**
 * Saves a pin to a board or one of its sections. Afterwards the cached pins of its picture show
 * the saved state the answer carries, and only what the save changed is refreshed: that board
 * (its pins, sections and counts), the picker and saved-to answers for this pin, and the
 * viewer's profile and board lists (pin counts, covers). An ad-account viewer
 * who is not the owner sends `advertiser_id` (docs/product/saving.md#who-may-do-what).
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
      // Every card of the picture says 'Saved' with this board at once (decision 44).
      showPictureSaved(queryClient, result.pin);
      refreshAfterPinAdded(queryClient, result.board, pinId, viewerUsername);
      void queryClient.invalidateQueries({ queryKey: endpointKey('listSavedTo', { params: { id: pinId } }) });
    },
  });
}
