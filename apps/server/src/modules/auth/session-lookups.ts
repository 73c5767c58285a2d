import type { InvalidationBus } from '../../adapters/invalidation/index.ts';
import type { Executor } from '../../db/client.ts';
import { createCacheFamily } from '../../lib/cache-family.ts';
import { createClearCount } from '../../lib/clear-count.ts';
import { syncAcrossInstances } from '../../lib/visitor-cache-sync.ts';
import { findLiveSession } from '../users/users.repository.ts';

/**
 * How long an instance may answer a session cookie without asking the database (decision 70).
 * Every way a session ends clears the kept lookups on every instance at once (`forgetSessions`,
 * published on the bus); this is only the bound when that clear cannot arrive (Redis unreachable)
 * or a database change bypasses the app. Five seconds covers the burst of calls one page view
 * makes, while a revoked cookie outlives its revocation by no more than that in the worst case.
 */
export const SESSION_LOOKUP_TTL_MS = 5000;
/** The bus channel of session ends (app.ts, and cli/admin.ts for commands run beside the servers). */
export const SESSION_INVALIDATION_CHANNEL = 'pinboard:sessions';
/** Entries kept per instance; the oldest goes first (about 200 bytes each). */
export const SESSION_LOOKUP_MAX_ENTRIES = 20_000;

export interface SessionLookups {
  /** The user id of the live session whose id hashes to `idHash`, of an active account, or null. */
  userIdOf(idHash: string, now: Date): Promise<number | null>;
  /** Forgets every kept lookup (this cache only, nobody told). */
  clear(): void;
}

// The session lookups of this process.
const sessionCaches = createCacheFamily();

/**
 * How long a session end waits for the other instances to be told before it answers: Redis sends
 * the clear on within a millisecond; an unreachable one must not hold a sign-out for its retries.
 */
const TELL_WAIT_MS = 1000;

/**
 * Forgets every kept session lookup of this process and tells the other instances. Called after
 * the commit of every write that ends a session or makes an account inactive (sign-out, sign-out
 * everywhere, a session revoked from settings, a password change or reset, a status change, an
 * account closed, a sign-in replacing the browser's earlier session): before it, a lookup could
 * still read the row and keep it.
 */
export async function forgetSessions(): Promise<void> {
  const told = sessionCaches.clear();
  // Answered once the bus has sent the clear on, so a request the caller's answer lets the browser
  // make next finds the other instances already cleared.
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, TELL_WAIT_MS)));
  await Promise.race([told, waited]);
  clearTimeout(timer);
}

/** Forgets this process's kept lookups without telling anyone: another instance's clear. */
export const forgetLocalSessions = sessionCaches.clearLocal;

/** Calls `listener` after each `forgetSessions`; answers a function that stops it. */
export const onSessionsForgotten = sessionCaches.onCleared;

/**
 * Awaits `work` (a transaction that may end sessions), then forgets every kept lookup here and on
 * every instance: after the commit, since a lookup made before it could read the row again.
 */
export async function endingSessions<T>(work: Promise<T>): Promise<T> {
  const result = await work;
  await forgetSessions();
  return result;
}

/**
 * Keeps the session lookups of every instance in step: a forget made here is published on `bus`
 * (its own channel), and one published by any instance, or an admin command, clears this one's.
 */
export function syncSessionLookups(
  bus: InvalidationBus,
  log: { warn(details: { err: unknown }, message: string): void },
): Promise<() => void> {
  return syncAcrossInstances(bus, log, 'session', forgetLocalSessions, onSessionsForgotten);
}

/**
 * The session lookup every signed-in request makes (plugins/viewer.ts), kept per instance for
 * `ttlMs` and never past the session's own expiry. Only live sessions are kept: an unknown or
 * ended cookie asks the database each time, so a sign-in or a reactivation counts at once.
 */
export function createSessionLookups(
  db: Executor,
  options: { ttlMs?: number; maxEntries?: number } = {},
): SessionLookups {
  const ttlMs = options.ttlMs ?? SESSION_LOOKUP_TTL_MS;
  const maxEntries = options.maxEntries ?? SESSION_LOOKUP_MAX_ENTRIES;
  const entries = new Map<string, { userId: number; until: number }>();
  // A lookup that started before a clear is not kept: the write that cleared may have deleted its row.
  const clears = createClearCount();
  const lookups: SessionLookups = {
    async userIdOf(idHash, now) {
      const at = now.getTime();
      const hit = entries.get(idHash);
      if (hit) {
        if (hit.until > at) return hit.userId;
        entries.delete(idHash);
      }
      const keepable = clears.begin();
      const session = await findLiveSession(db, idHash, now);
      if (!session) return null;
      if (keepable()) {
        entries.delete(idHash);
        entries.set(idHash, {
          userId: session.userId,
          until: Math.min(at + ttlMs, session.expiresAt.getTime()),
        });
        // Maps iterate in insertion order, so the first key is the oldest.
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      }
      return session.userId;
    },
    clear() {
      clears.clear();
      entries.clear();
    },
  };
  sessionCaches.add(lookups);
  return lookups;
}
