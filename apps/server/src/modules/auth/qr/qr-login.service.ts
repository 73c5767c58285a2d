import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  QR_LOGIN_TTL_SECONDS,
  qrApprovePath,
  type QrLoginClaimBody,
  type QrLoginRequest,
  type QrLoginStart,
} from '@pinboard/shared';
import type { CounterStore } from '../../../adapters/counters/counters.ts';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { byIp, enforceRateLimit } from '../../../policies/rate-limits.ts';
import { hashSessionToken } from '../../../plugins/viewer.ts';
import type { AuthRequest } from '../auth-deps.ts';
import type { SignedIn } from '../login/login.service.ts';
import {
  claimApprovedQrLogin,
  decidePendingQrLogin,
  deleteQrLoginsExpiredBefore,
  findAccountStatus,
  findQrLogin,
  insertQrLogin,
  type QrLoginRow,
} from './qr-login.repository.ts';
import { presentQrLogin } from './qr-login.presenter.ts';
import { startSession } from '../sessions/sessions.service.ts';
import { endingSessions } from '../session-lookups.ts';

/** The times of QR code login (ours; decision 21 'QR code login'); its rate limit is `qr-login-start`. */
export const QR_LOGIN_LIMITS = {
  /**
   * A code approved in its last seconds can still be claimed this long after it ends: the screen
   * polls every 2 s and would otherwise miss an approval made just before the end.
   */
  claimGraceSeconds: 10,
  /** Ended codes are deleted this long after their end (by the next start). */
  keepSeconds: 10 * 60,
} as const;

export interface QrLoginDeps {
  db: Database;
  counters: CounterStore;
  publicUrl: string;
}

const secondsLater = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

/**
 * `POST /v3/login/qr/`: a new code for a visitor's screen. Refused to a signed-in browser
 * (`already_logged_in`); `qr_login_unavailable` outside the experiment and beyond the address's
 * limit, so the screen says only that this way in is not available now.
 */
export async function startQrLogin(
  deps: QrLoginDeps,
  request: AuthRequest,
  inExperiment: () => Promise<boolean>,
): Promise<QrLoginStart> {
  if (request.viewer.userId !== null) throw new AppError('already_logged_in');
  if (!(await inExperiment())) throw new AppError('qr_login_unavailable');
  await enforceRateLimit(deps.counters, 'qr-login-start', byIp(request.ip));

  await deleteQrLoginsExpiredBefore(deps.db, secondsLater(request.now, -QR_LOGIN_LIMITS.keepSeconds));
  const id = randomBytes(16).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  const expiresAt = secondsLater(request.now, QR_LOGIN_TTL_SECONDS);
  await insertQrLogin(deps.db, {
    id,
    secretHash: hashSessionToken(secret),
    requestIp: request.ip,
    userAgent: request.userAgent?.slice(0, 512) ?? null,
    country: request.country,
    createdAt: request.now,
    expiresAt,
  });
  return {
    id,
    secret,
    url: `${deps.publicUrl.replace(/\/+$/, '')}${qrApprovePath(id)}`,
    expires_at: expiresAt.toISOString(),
  };
}

/** `GET /v3/login/qr/{id}/` (AUTH): what asks to log in, so the person can tell it is their screen. */
export async function describeQrLogin(db: Database, id: string, now: Date) {
  const row = await findQrLogin(db, id);
  if (!row) throw new AppError('qr_login_expired');
  return presentQrLogin(row, now);
}

/**
 * `POST /v3/login/qr/{id}/approve/` and `/deny/` (AUTH): only a pending code in its time can be
 * decided, once; anything else (decided, claimed, ended, unknown) is `qr_login_expired`.
 */
export async function decideQrLogin(
  db: Database,
  input: { id: string; userId: number; decision: 'approved' | 'denied'; now: Date },
): Promise<QrLoginRequest> {
  const row = await decidePendingQrLogin(db, input);
  if (!row) throw new AppError('qr_login_expired');
  return presentQrLogin(row, input.now);
}

/** Compares the SHA-256 of what was sent with the stored one in constant time. */
function secretMatches(row: QrLoginRow | null, secret: string): boolean {
  const given = createHash('sha256').update(secret).digest();
  const stored = Buffer.from(row?.secretHash ?? '', 'hex');
  return stored.length === given.length && timingSafeEqual(stored, given);
}

export type QrLoginClaim =
  { status: 'pending' | 'denied' | 'expired' } | { status: 'approved'; signedIn: SignedIn };

/**
 * `POST /v3/login/qr/{id}/claim/` (visitors): the asking screen's poll. A wrong secret and an
 * unknown or used-up code are the same `qr_login_expired` (nothing tells which). An approved code
 * signs the browser in as the approver exactly once (one atomic update), after the account
 * checks a login makes; two-factor is not asked again: the approving device is a signed-in one.
 */
export async function claimQrLogin(
  deps: QrLoginDeps,
  id: string,
  body: QrLoginClaimBody,
  request: AuthRequest,
): Promise<QrLoginClaim> {
  if (request.viewer.userId !== null) throw new AppError('already_logged_in');
  const row = await findQrLogin(deps.db, id);
  if (!row || !secretMatches(row, body.secret) || row.status === 'claimed') {
    throw new AppError('qr_login_expired');
  }
  if (row.status === 'denied') return { status: 'denied' };
  if (row.status === 'pending') return { status: row.expiresAt > request.now ? 'pending' : 'expired' };

  const endsAfter = secondsLater(request.now, -QR_LOGIN_LIMITS.claimGraceSeconds);
  if (row.expiresAt <= endsAfter || row.approvedUserId === null) return { status: 'expired' };
  const status = await findAccountStatus(deps.db, row.approvedUserId);
  if (status === 'soft_banned') throw new AppError('account_soft_banned');
  if (status === 'deactivated') throw new AppError('account_deactivated');
  if (status !== 'active') throw new AppError('account_suspended');

  const signedIn = await endingSessions(
    deps.db.transaction(async (tx) => {
      const userId = await claimApprovedQrLogin(tx, { id, endsAfter });
      if (userId === null) throw new AppError('qr_login_expired');
      const cookies = await startSession(tx, {
        userId,
        request,
      });
      return { userId, cookies };
    }),
  );
  return { status: 'approved', signedIn };
}
