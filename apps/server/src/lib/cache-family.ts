/**
 * Per-instance caches that are cleared together: the visitor caches (lib/signed-out-answers.ts),
 * the session lookups (modules/auth/session-lookups.ts). Each family keeps its caches weakly, so a
 * closed app's can go (one process serves one app in production, so clearing them all is clearing
 * this instance's entries), and tells its listeners after each clear made here —
 * `syncAcrossInstances` (lib/visitor-cache-sync.ts) publishes it to the other instances.
 */
export interface CacheFamily {
  /** Makes the family's clears clear `cache` too. */
  add(cache: { clear(): void }): void;
  /** Clears every cache of the family here, then tells the listeners; settles once they are told. */
  clear(): Promise<void>;
  /** Clears every cache of the family here without telling anyone: another instance's clear. */
  clearLocal(): void;
  /** Calls `listener` after each `clear`; answers a function that stops it. */
  onCleared(listener: () => Promise<void>): () => void;
}

export function createCacheFamily(): CacheFamily {
  const caches = new Set<WeakRef<{ clear(): void }>>();
  const listeners = new Set<() => Promise<void>>();
  const clearLocal = () => {
    for (const ref of caches) {
      const cache = ref.deref();
      if (cache) cache.clear();
      else caches.delete(ref);
    }
  };
  return {
    add(cache) {
      caches.add(new WeakRef(cache));
    },
    async clear() {
      clearLocal();
      await Promise.all([...listeners].map((listener) => listener()));
    },
    clearLocal,
    onCleared(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
