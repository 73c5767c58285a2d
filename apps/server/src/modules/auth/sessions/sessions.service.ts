import type { AuthRequest } from '../auth-deps.ts';
import { randomBytes } from 'node:crypto';
import type { Database, Executor } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { hashSessionToken } from '../../../plugins/viewer.ts';
import {
  deleteExpiredAuthRowsOf,
  deleteGroupSessionsOf,
  deleteRecognitionToken,
  deleteSession,
  findGroupSession,
  insertRecognitionToken,
  insertSession,
  setSessionGroup,
} from '../auth.repository.ts';
import { endingSessions } from '../session-lookups.ts';

const DAY_SECONDS = 24 * 60 * 60;
export const SESSION_MAX_AGE_SECONDS = 30 * DAY_SECONDS;
export const RECOGNITION_MAX_AGE_SECONDS = 365 * DAY_SECONDS;
export const GROUP_MAX_AGE_SECONDS = 365 * DAY_SECONDS;

/** The auth cookies as the browser sent them (raw values; only their hashes reach the database). */
export interface BrowserAuthCookies {
  session?: string | undefined;
  recognition?: string | undefined;
  group?: string | undefined;
}

/** New cookie values to send; `group` undefined means leave the browser's as it is. */
export interface IssuedAuthCookies {
  session: string;
  recognition: string;
  group?: string;
}

export interface StartSessionInput {
  userId: number;
  /** The request's cookies, current session, address, user agent and time. */
  request: AuthRequest;
  /** Login with `switch_account`: keep the current session beside the new one in the group. */
  switchAccount?: boolean;
}

const newToken = () => randomBytes(32).toString('base64url');
const plausibleToken = (value: string | undefined): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{32,64}$/.test(value);

/**
 * Signs a browser in as `userId` (login and register), inside the caller's transaction. The
 * session always gets a new random id; the one the browser had is deleted, so a session id
 * planted before login is worthless after it (no fixation), except with `switchAccount`, where
 * the current session stays signed in and joins the browser's account group. A browser that
 * already has a group puts every new sign-in in it, so the switcher lists all its accounts. The
 * recognition token is renewed for the account that signed in last.
 */
export async function startSession(tx: Executor, start: StartSessionInput): Promise<IssuedAuthCookies> {
  const { request, userId } = start;
  const input = {
    userId,
    switchAccount: start.switchAccount === true,
    cookies: request.cookies,
    currentSessionIdHash: request.viewer.sessionIdHash,
    userAgent: request.userAgent,
    ip: request.ip,
    now: request.now,
  };
  const keptGroup = plausibleToken(input.cookies.group) ? input.cookies.group : undefined;
  const group = input.switchAccount ? (keptGroup ?? newToken()) : keptGroup;
  const groupHash = group ? hashSessionToken(group) : null;

  if (input.currentSessionIdHash && input.switchAccount && groupHash) {
    await setSessionGroup(tx, input.currentSessionIdHash, groupHash);
  } else if (input.cookies.session) {
    await deleteSession(tx, hashSessionToken(input.cookies.session));
  }
  // The same account signing in again in this browser replaces its older session there.
  if (groupHash) await deleteGroupSessionsOf(tx, groupHash, input.userId);
  // No sweeper job: each sign-in clears its own account's dead rows, which bounds them per account.
  await deleteExpiredAuthRowsOf(tx, input.userId, input.now);

  const session = newToken();
  await insertSession(tx, {
    idHash: hashSessionToken(session),
    userId: input.userId,
    expiresAt: new Date(input.now.getTime() + SESSION_MAX_AGE_SECONDS * 1000),
    groupHash,
    userAgent: input.userAgent?.slice(0, 512) ?? null,
    ip: input.ip,
  });
  const recognition = await renewRecognition(tx, input.userId, input.cookies.recognition, input.now);
  return { session, recognition, ...(group && group !== input.cookies.group ? { group } : {}) };
}

async function renewRecognition(tx: Executor, userId: number, old: string | undefined, now: Date) {
  if (old) await deleteRecognitionToken(tx, hashSessionToken(old));
  const token = newToken();
  await insertRecognitionToken(tx, {
    idHash: hashSessionToken(token),
    userId,
    expiresAt: new Date(now.getTime() + RECOGNITION_MAX_AGE_SECONDS * 1000),
  });
  return token;
}

/**
 * Logout: the session row is deleted, so the cookie is dead even if a copy of it survives, on
 * every instance at once (its kept lookups are forgotten).
 */
export async function endSession(db: Database, sessionIdHash: string | null): Promise<void> {
  if (sessionIdHash) await endingSessions(deleteSession(db, sessionIdHash));
}

/**
 * Moves the browser to another account signed in on it (a live session of that account in the
 * browser's group). That session is replaced by a new id, keeping its expiry, so a switch never
 * extends a sign-in; the current session stays in the group to switch back to. All of it is one
 * transaction, so a failed switch leaves the browser signed in as it was.
 */
export async function switchAccount(
  db: Database,
  input: {
    currentSessionIdHash: string;
    currentUserId: number;
    targetUserId: number;
    cookies: BrowserAuthCookies;
    now: Date;
  },
): Promise<IssuedAuthCookies> {
  return endingSessions(
    db.transaction(async (tx) => {
      const group = input.cookies.group;
      const target =
        plausibleToken(group) && input.targetUserId !== input.currentUserId
          ? await findGroupSession(tx, hashSessionToken(group), input.targetUserId, input.now)
          : null;
      if (!group || !target) throw new AppError('user_not_found', { field: 'user_id' });
      const groupHash = hashSessionToken(group);
      await setSessionGroup(tx, input.currentSessionIdHash, groupHash);
      await deleteSession(tx, target.idHash);
      const session = newToken();
      await insertSession(tx, {
        idHash: hashSessionToken(session),
        userId: input.targetUserId,
        expiresAt: target.expiresAt,
        groupHash,
      });
      const recognition = await renewRecognition(
        tx,
        input.targetUserId,
        input.cookies.recognition,
        input.now,
      );
      return { session, recognition };
    }),
  );
}
