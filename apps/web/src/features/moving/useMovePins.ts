import type { Pin } from '@pinboard/shared';
import { useMutation, useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from '../../i18n.ts';
import type { ApiResult } from '../../api/client.ts';
import { endpointKey } from '../../api/endpoints.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { useToast } from '../../ui/toastContext.ts';
import { invalidateBoard, invalidateBoardAddress } from '../boards/invalidateBoard.ts';
import { showPictureSaved } from '../saving/savedState.ts';
import { movePins } from './movingApi.ts';

type PinPages = InfiniteData<ApiResult<Pin[]>, string | null>;

/** A board, or one of its sections: where pins are, or where they go. */
export interface PinPlace {
  boardId: string;
  sectionId: string | null;
}

export interface MoveRequest {
  from: PinPlace;
  to: PinPlace;
  pins: Pin[];
  /** The target's name for the success toast ('Lamps' or 'Kitchen'). */
  placeName: string;
}

export const TOAST_MS = 3000;

/** The pin list a board page or section page shows for this place, keyed as that page keys it. */
export function pinListKey({ boardId, sectionId }: PinPlace): QueryKey {
  return sectionId === null
    ? endpointKey('listBoardPins', { params: { id: boardId } })
    : endpointKey('listSectionPins', { params: { id: sectionId } });
}

export const isSamePlace = (a: PinPlace, b: PinPlace) =>
  a.boardId === b.boardId && a.sectionId === b.sectionId;

function withoutPins(data: PinPages | undefined, ids: ReadonlySet<string>): PinPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, data: page.data.filter((p) => !ids.has(p.id)) })),
  };
}

// Only a list already in the cache is changed: an unloaded one loads with the pins in it.
function withPinsFirst(data: PinPages | undefined, pins: Pin[]): PinPages | undefined {
  if (!data || data.pages.length === 0) return data;
  const ids = new Set(pins.map((pin) => pin.id));
  const [first, ...rest] = data.pages;
  const kept = first!.data.filter((pin) => !ids.has(pin.id));
  return { ...data, pages: [{ ...first!, data: [...pins, ...kept] }, ...rest] };
}

/**
 * Moves pins (movePins) optimistically: they leave the source list and head the
 * target's at once; on failure both lists are put back and the error's words show as a toast.
 * Afterwards both boards are refetched (counts, covers, the lists' true order), their headers
 * too, and the moved pictures' cards show their new board.
 */
export function useMovePins() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ from, to, pins }: MoveRequest) =>
      movePins({
        board_id: from.boardId,
        new_board_id: to.boardId,
        old_section_id: from.sectionId,
        new_section_id: to.sectionId,
        pin_ids: pins.map((pin) => pin.id),
      }),
    onMutate: async ({ from, to, pins }) => {
      const fromKey = pinListKey(from);
      const toKey = pinListKey(to);
      await Promise.all([
        queryClient.cancelQueries({ queryKey: fromKey }),
        queryClient.cancelQueries({ queryKey: toKey }),
      ]);
      const before = {
        from: queryClient.getQueryData<PinPages>(fromKey),
        to: queryClient.getQueryData<PinPages>(toKey),
      };
      const ids = new Set(pins.map((pin) => pin.id));
      queryClient.setQueryData<PinPages>(fromKey, (data) => withoutPins(data, ids));
      queryClient.setQueryData<PinPages>(toKey, (data) => withPinsFirst(data, pins));
      return { fromKey, toKey, before };
    },
    onError: (error, _request, context) => {
      if (context) {
        queryClient.setQueryData(context.fromKey, context.before.from);
        queryClient.setQueryData(context.toKey, context.before.to);
      }
      toast.show(errorMessage(t, error, 'moving.moveFailed', { otherwise: 'detail' }), {
        durationMs: TOAST_MS,
        tone: 'error',
      });
    },
    onSuccess: (result, { pins, placeName }) => {
      // Cards of the moved pictures name the board they are on now (decision 44).
      for (const moved of result.pins) showPictureSaved(queryClient, moved);
      toast.show(t('moving.moved', { count: pins.length, place: placeName }), { durationMs: TOAST_MS });
    },
    onSettled: (result, _error, { from, to, pins }) => {
      void invalidateBoard(queryClient, from.boardId);
      if (to.boardId !== from.boardId) void invalidateBoard(queryClient, to.boardId);
      // Both boards' headers (pin counts) are read by address: the pins knew where they were,
      // the answer says where they are now.
      const addresses = new Set([...pins, ...(result?.pins ?? [])].map((pin) => pin.board.url));
      for (const url of addresses) void invalidateBoardAddress(queryClient, url);
    },
  });
}
