/**
 * Expiring counters for rate limits and lockouts. In-process by default; Redis when REDIS_URL
 * is set, so every instance behind a load balancer sees the same counts.
 */
export interface CounterStore {
  /**
   * Adds one to `key` and answers the new count. The first increment starts a window of
   * `windowSeconds`; the key disappears when it ends (fixed window).
   */
  increment(key: string, windowSeconds: number): Promise<number>;
  /** The current count of `key` (0 when absent or expired). */
  get(key: string): Promise<number>;
  /** Sets `key` to 1 for `ttlSeconds` only if absent; true when this call set it (a one-time claim). */
  claim(key: string, ttlSeconds: number): Promise<boolean>;
  /**
   * A short lock: sets `key` for `ttlSeconds` only if absent and answers a token naming this
   * holder, or null when another holds it. The key expires on its own if never released.
   */
  lock(key: string, ttlSeconds: number): Promise<string | null>;
  /** Releases a lock only if `token` still holds it (an expired lock taken by another stays). */
  unlock(key: string, token: string): Promise<void>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}
