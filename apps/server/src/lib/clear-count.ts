/**
 * Counts the clears of a cache kept per instance, so that what a read begun before a clear brings
 * back is not kept after it: the write that cleared may have changed what that read saw.
 */
export interface ClearCount {
  /** Call on every clear of the cache. */
  clear(): void;
  /** Call as a read begins; the answer says, once it ends, whether it may be kept (no clear since). */
  begin(): () => boolean;
}

export function createClearCount(): ClearCount {
  let clears = 0;
  return {
    clear() {
      clears += 1;
    },
    begin() {
      const at = clears;
      return () => clears === at;
    },
  };
}
