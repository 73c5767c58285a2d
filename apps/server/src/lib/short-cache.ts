/**
 * A small in-process cache for answers that are the same for everyone and may be a moment old
 * (what signed-out viewers are shown: signed-out-answers.ts). Callers of a key being computed
 * share that computation, so when an entry expires under load the database sees one query, not
 * one per waiting request. Nothing here needs to be shared between instances: each keeps its own
 * for a second.
 */
export interface ShortCache<T> {
  get(key: string, compute: () => Promise<T>): Promise<T>;
  /** Forgets every entry: the next caller of each key computes it again. */
  clear(): void;
}

export function createShortCache<T>(options: { ttlMs: number; maxEntries: number }): ShortCache<T> {
  const entries = new Map<string, { expiresAt: number; value: Promise<T> }>();
  return {
    get(key, compute) {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) return hit.value;
      const value = compute();
      // A failure is not kept: the next caller tries again.
      value.catch(() => entries.delete(key));
      entries.delete(key);
      entries.set(key, { expiresAt: now + options.ttlMs, value });
      // Maps iterate in insertion order, so the first key is the oldest.
      if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
