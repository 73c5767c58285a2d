import type { Pin } from '@pinboard/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { EndpointName } from '@pinboard/shared/api';

/*
 * The one patcher of pins in the query cache. A write (an edit, a delete, a hide, a save, a move)
 * changes cards on every page already loaded: the closeup, feeds, boards, search and related pins.
 * Rather than ask all of them again, the cached pins are patched from the write's answer. Answers
 * nest pins at different depths (infinite pages, envelopes, search results), so the patcher walks
 * each answer rather than knowing its shape.
 */

/** What a patch does to one pin: the pin (unchanged or a new one), or null to take it out. */
export type PinPatch = (pin: Pin) => Pin | null;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

const isPin = (value: Record<string, unknown>): value is Pin =>
  value.type === 'pin' && typeof value.id === 'string' && isPlainObject(value.images);

// Answers nest pins a few levels down (infinite pages, envelopes, search results).
const MAX_DEPTH = 6;

/**
 * `value` with `patch` applied to each pin in it; the same object where nothing changed. A pin the
 * patch takes out leaves the list it is in; a pin that is a whole answer (the closeup's) stays.
 */
function patchPins(value: unknown, patch: PinPatch, depth = 0): unknown {
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let changed = false;
    const next: unknown[] = [];
    for (const item of value) {
      const patched = isPlainObject(item) && isPin(item) ? patch(item) : patchPins(item, patch, depth + 1);
      if (patched !== item) changed = true;
      if (patched !== null) next.push(patched);
    }
    return changed ? next : value;
  }
  if (!isPlainObject(value)) return value;
  if (isPin(value)) return patch(value) ?? value;
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const patched = patchPins(item, patch, depth + 1);
    if (patched !== item) changed = true;
    next[key] = patched;
  }
  return changed ? next : value;
}

/**
 * Applies `patch` to every cached pin, at once, before any list is asked again; a query whose
 * pins are unchanged is left alone. `only` limits it to the answers of some endpoints (a hidden
 * pin leaves the home feed alone).
 */
export function patchCachedPins(queryClient: QueryClient, patch: PinPatch, only?: readonly EndpointName[]) {
  for (const query of queryClient.getQueryCache().getAll()) {
    if (only && !only.includes(query.queryKey[0] as EndpointName)) continue;
    const data = query.state.data;
    if (data === undefined) continue;
    const patched = patchPins(data, patch);
    if (patched !== data) queryClient.setQueryData(query.queryKey, patched);
  }
}

/** Every cached copy of the pin `pinId` becomes `next`, or (null) leaves the lists it is in. */
export function replaceCachedPin(
  queryClient: QueryClient,
  pinId: string,
  next: Pin | null,
  only?: readonly EndpointName[],
) {
  patchCachedPins(queryClient, (pin) => (pin.id === pinId ? next : pin), only);
}
