import type { Pin, ViewerSaved } from '@pinboard/shared';
import type { QueryClient } from '@tanstack/react-query';
import { patchCachedPins } from '../pins/cachedPins.ts';

/*
 * The viewer's saved state of the pins in the query cache (decision 44). A save, a move or a
 * delete changes it for every card of the picture on every page already loaded: the closeup,
 * feeds, boards, search and related pins. Rather than ask all of them again, the cached pins are
 * patched from the write's answer (patchCachedPins).
 */

/** A picture's identity in answers: pictures are stored once, so every pin of one shares it. */
export function pictureOf(pin: Pick<Pin, 'images'>): string {
  return pin.images.orig.url;
}

const sameSaved = (a: ViewerSaved | null, b: ViewerSaved | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.pin_id === b.pin_id &&
    a.board_id === b.board_id &&
    a.board_name === b.board_name &&
    a.section_id === b.section_id);

/**
 * After a save or a move: every cached pin of `pin`'s picture takes the viewer's saved state
 * the write answered with (`pin` as the server answered it).
 */
export function showPictureSaved(queryClient: QueryClient, pin: Pick<Pin, 'images' | 'viewer_saved'>) {
  const picture = pictureOf(pin);
  const saved = pin.viewer_saved;
  patchCachedPins(queryClient, (cached) =>
    pictureOf(cached) !== picture || sameSaved(cached.viewer_saved, saved)
      ? cached
      : { ...cached, viewer_saved: saved },
  );
}

/**
 * After the viewer's pins leave (a pin deleted, a board deleted): cached pins whose saved state
 * names one of them say 'Save' again. Another save of the same picture shows again once its
 * list is read afresh.
 */
export function forgetSaves(queryClient: QueryClient, gone: { pinId?: string; boardId?: string }) {
  patchCachedPins(queryClient, (cached) => {
    const saved = cached.viewer_saved;
    if (!saved || (saved.pin_id !== gone.pinId && saved.board_id !== gone.boardId)) return cached;
    return { ...cached, viewer_saved: null };
  });
}
