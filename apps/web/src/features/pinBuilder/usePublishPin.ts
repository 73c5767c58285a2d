import type { CreatePin } from '@pinboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { boardKeys } from '../boards/boardKeys.ts';
import { profileKeys } from '../profile/profileKeys.ts';
import { savingKeys } from '../saving/savingKeys.ts';
import { userKeys } from '../users/userKeys.ts';
import { useViewer } from '../viewer/useViewer.ts';
import { createPin } from './pinBuilderApi.ts';

/** The spec's pin-builder item statuses (spec 3 section 3). */
export type PublishStatus = 'uploading' | 'publishing' | 'succeeded' | 'attempted';

/**
 * `POST /v3/pins/`; afterwards only what a new pin changes is refreshed: its board (pins,
 * sections, counts, cover), the picker's counts, and the viewer's profile and lists.
 */
export function usePublishPin() {
  const queryClient = useQueryClient();
  const { viewer } = useViewer();
  return useMutation({
    mutationFn: (body: CreatePin) => createPin(body),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: boardKeys.board(created.board.id) });
      const [username, slug] = created.board.url.split('/').filter(Boolean);
      if (username && slug)
        void queryClient.invalidateQueries({ queryKey: boardKeys.byAddress(username, slug) });
      void queryClient.invalidateQueries({ queryKey: savingKeys.picker(null) });
      if (viewer) {
        void queryClient.invalidateQueries({ queryKey: profileKeys.of(viewer.username) });
        void queryClient.invalidateQueries({ queryKey: userKeys.profile(viewer.username) });
      }
    },
  });
}
