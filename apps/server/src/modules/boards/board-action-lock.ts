import type { CounterStore } from '../../adapters/counters/counters.ts';
import { AppError } from '../../lib/app-error.ts';
import { counterKey } from '../../policies/rate-limits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The board-action lock (2171-2173), for every module whose calls act on a board. */
    boardActionLock: BoardActionLock;
  }
}

/** The product's three kinds of board action, each answered with its own code (2171-2173). */
export type BoardActionKind = 'create' | 'update' | 'delete';

const BUSY_CODES = {
  create: 'board_action_in_progress_create',
  update: 'board_action_in_progress_update',
  delete: 'board_action_in_progress_delete',
} as const;

/**
 * Long enough for any board action, short enough that a crashed instance's lock frees the board
 * on its own in a few seconds.
 */
export const BOARD_ACTION_LOCK_SECONDS = 5;

/** What a board action holds while it runs: a board (`board:{id}`) or, for create, its owner. */
export type BoardActionTarget = { boardId: number } | { creatorId: number };

export interface BoardActionLock {
  /**
   * Runs `action` while holding the target's lock; when another action holds it, refuses at once
   * with 'Please wait until the previous board action finishes.' (409, code 2171-2173 by kind).
   */
  run<T>(target: BoardActionTarget, kind: BoardActionKind, action: () => Promise<T>): Promise<T>;
  /** The lock's key in the counter store (tests hold it to see the refusal). */
  keyOf(target: BoardActionTarget): string;
}

/**
 * A short lock per board in the counter store (in-process, or Redis shared by every instance):
 * set-if-absent with an expiry, released in a finally.
 */
export function createBoardActionLock(counters: CounterStore): BoardActionLock {
  // A lock, not a rate limit, but keyed like every counter of the store.
  const keyOf = (target: BoardActionTarget) =>
    counterKey(
      'board-action',
      'boardId' in target ? { kind: 'board', id: target.boardId } : { kind: 'creator', id: target.creatorId },
    );
  return {
    keyOf,
    async run(target, kind, action) {
      const key = keyOf(target);
      const token = await counters.lock(key, BOARD_ACTION_LOCK_SECONDS);
      if (token === null) throw new AppError(BUSY_CODES[kind]);
      try {
        return await action();
      } finally {
        // Only this holder's lock: one that outlived its expiry may belong to the next action now.
        await counters.unlock(key, token);
      }
    },
  };
}
