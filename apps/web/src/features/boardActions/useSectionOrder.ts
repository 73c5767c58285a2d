import type { BoardSection } from '@pinboard/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { boardSectionsKey } from '../boards/useBoardSections.ts';
import { allSectionsKey, fetchAllSections, moveItem, saveSectionOrder } from './sectionOrderApi.ts';
import { useErrorToast } from './useBoardWrites.ts';

/**
 * A board's sections in an order the viewer changes: every move shows at once and is saved.
 * Saves run one at a time (two at once would meet the board-action lock, 2172): a move made
 * while one is saving waits and sends the newest order. A refused save puts back the last
 * order the server took and says why in a toast ('Please wait until the previous board action
 * finishes.' for 2171-2173).
 */
export function useSectionOrder(boardId: string) {
  const queryClient = useQueryClient();
  const showError = useErrorToast();
  const all = useQuery({
    queryKey: allSectionsKey(boardId),
    queryFn: ({ signal }) => fetchAllSections(boardId, signal),
    // Dropped when the dialog closes: the next one starts from the board as it is then (a
    // section added meanwhile would make an order without it a mismatch).
    gcTime: 0,
  });
  // The order shown, once the viewer moved something; the loaded list until then.
  const [moved, setMoved] = useState<BoardSection[] | null>(null);
  const saving = useRef(false);
  const waiting = useRef<BoardSection[] | null>(null);
  const sections = moved ?? all.data ?? [];

  function send(order: BoardSection[]) {
    saving.current = true;
    saveSectionOrder(
      boardId,
      order.map((section) => section.id),
    ).then(
      (saved) => {
        queryClient.setQueryData(allSectionsKey(boardId), saved);
        const next = waiting.current;
        waiting.current = null;
        if (next) return send(next);
        saving.current = false;
        void queryClient.invalidateQueries({ queryKey: boardSectionsKey(boardId) });
      },
      (error: unknown) => {
        saving.current = false;
        waiting.current = null;
        setMoved(null);
        showError(error);
      },
    );
  }

  function move(from: number, to: number) {
    if (from === to || to < 0 || to >= sections.length) return;
    const order = moveItem(sections, from, to);
    setMoved(order);
    if (saving.current) waiting.current = order;
    else send(order);
  }

  return { status: all.status, refetch: all.refetch, sections, move };
}
