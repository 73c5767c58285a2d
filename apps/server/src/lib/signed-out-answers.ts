import type { FastifyReply, FastifyRequest } from 'fastify';
import { createCacheFamily } from './cache-family.ts';
import { createShortCache } from './short-cache.ts';

// A second's staleness for visitors buys thousands of req/s on the hottest reads.
export const SIGNED_OUT_TTL_MS = 1000;

/**
 * Answers a GET route for signed-out viewers from a per-instance cache of serialized answers,
 * keyed by the request URL (path and query are all such an answer depends on). Only successful
 * answers are kept: a 404 (a pin on a secret board, a missing id) is computed every time.
 *
 * Signed-in viewers always get `answer()` fresh. Their answers can include what only they may
 * see (a secret board's pins) or, later, what is theirs alone; keeping them out means no cached
 * entry was ever computed with anyone's rights but a visitor's.
 */
export type SignedOutAnswers = <T>(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: () => Promise<T>,
) => Promise<T>;

// The visitor caches of this process (decision 16).
const visitorCaches = createCacheFamily();

/**
 * Forgets every signed-out answer this process keeps. Writes that change what a visitor may see
 * (a board turning secret, deleted or archived, pins leaving it, an account suspended) call it so
 * this instance stops showing the old answer at once, and every other instance as soon as the
 * invalidation reaches it (lib/visitor-cache-sync.ts).
 */
export function clearSignedOutAnswers(): void {
  // Telling the other instances settles on its own (a failure is logged where it is published).
  void visitorCaches.clear();
}

/** Forgets this process's signed-out answers without telling anyone: another instance's clear. */
export const clearLocalSignedOutAnswers = visitorCaches.clearLocal;

/** Calls `listener` after each `clearSignedOutAnswers`; answers a function that stops it. */
export const onSignedOutAnswersCleared = visitorCaches.onCleared;

/** Makes `clearSignedOutAnswers` clear this cache too (the signed-out home feed keeps its own). */
export const clearWithSignedOutAnswers = visitorCaches.add;

export function createSignedOutAnswers(options: { maxEntries: number }): SignedOutAnswers {
  const serialized = createShortCache<ReturnType<FastifyReply['serialize']>>({
    ttlMs: SIGNED_OUT_TTL_MS,
    maxEntries: options.maxEntries,
  });
  clearWithSignedOutAnswers(serialized);
  return async (request, reply, answer) => {
    if (request.viewer.userId !== null) return answer();
    // The route's own serializer (its zod response schema), so a cached body is byte for byte
    // what the route would have sent.
    const body = await serialized.get(request.url, async () => reply.serialize(await answer()));
    // A serialized body with a JSON type is sent as is: a hit costs neither a query nor an encoding.
    return reply.type('application/json; charset=utf-8').send(body) as never;
  };
}
