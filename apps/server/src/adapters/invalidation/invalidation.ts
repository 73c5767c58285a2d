/**
 * Tells every instance of the app that answers it keeps for visitors are stale (a board turned
 * secret, an account suspended). In-process by default; Redis pub/sub when REDIS_URL is set, so
 * a write on one instance, or an admin command run against the database, clears them on all.
 */
export interface InvalidationBus {
  /** Sends one invalidation to every subscriber, this process's included. */
  publish(): Promise<void>;
  /**
   * Calls `handler` for each invalidation published, and also after a lost connection comes
   * back (what was published meanwhile is unknown). Resolves once subscribed.
   */
  subscribe(handler: () => void): Promise<void>;
  /** Stops listening; invalidations already published are sent first. */
  close(): Promise<void>;
}
