import type { CreatePin } from '@pinboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterPinAdded } from '../saving/refreshAfterPinAdded.ts';
import { useViewer } from '../viewer/useViewer.ts';
import { createPin } from './pinBuilderApi.ts';

/** The product's pin-builder item statuses (docs/product/creating.md#api-calls). */
export type PublishStatus = 'uploading' | 'publishing' | 'succeeded' | 'attempted';

/**
 * `createPin`; afterwards only what a new pin changes is refreshed: its board (pins,
 * sections, counts, cover), the picker's counts, and the viewer's profile and lists.
 */
export function usePublishPin() {
  const queryClient = useQueryClient();
  const { viewer } = useViewer();
  return useMutation({
    mutationFn: (body: CreatePin) => createPin(body),
    onSuccess: (created) => refreshAfterPinAdded(queryClient, created.board, null, viewer?.username ?? null),
  });
}
