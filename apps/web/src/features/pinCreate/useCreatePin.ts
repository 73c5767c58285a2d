import type { CreatedPin } from '@pinboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/endpoints.ts';
import { flushAuthEvents, trackAuthEvent } from '../auth/analytics.ts';
import { refreshAfterPinAdded } from '../saving/refreshAfterPinAdded.ts';
import { useViewer } from '../viewer/useViewer.ts';
import { createMethodOf, type PinCreateParams } from './pinCreateParams.ts';
import type { PinImage } from './usePinImage.ts';

export interface PinCreateTarget {
  boardId: string;
  sectionId: string | null;
  description: string;
}

/**
 * `createPin` from the pin-create page, logging pin_create_success or pin_create_fail
 * (docs/product/creating.md#api-calls) through the events endpoint: `element` is `{method}:{pin id}` (the
 * page's own query is not stored: it names other sites' pages). Afterwards only what the pin changed is
 * refreshed (`refreshAfterPinAdded`).
 */
export function useCreatePin(params: PinCreateParams, image: PinImage | null | undefined) {
  const queryClient = useQueryClient();
  const { viewer } = useViewer();
  const method = createMethodOf(params.method);
  return useMutation({
    mutationFn: async (target: PinCreateTarget): Promise<CreatedPin> => {
      const body = {
        board_id: target.boardId,
        section_id: target.sectionId,
        description: target.description,
        link: params.url,
        method,
        ...(image?.source ?? {}),
        ...(params.color ? { color: params.color } : {}),
        ...(params.guid ? { guid: params.guid } : {}),
      };
      return (await api.createPin({ body })).data;
    },
    onSuccess: (pin) => {
      trackAuthEvent({ name: 'pin_create_success', element: `${method}:${pin.id}` });
      flushAuthEvents();
      refreshAfterPinAdded(queryClient, pin.board, null, viewer?.username ?? null);
    },
    onError: () => {
      trackAuthEvent({ name: 'pin_create_fail', element: method });
      flushAuthEvents();
    },
  });
}
