import type { QrLoginRequest } from '@pinboard/shared';
import type { QrLoginRow } from './qr-login.repository.ts';

/**
 * A code as the approving device sees it. A claimed code reads as approved (it was, and is used
 * up); a pending one past its end as expired.
 */
export function presentQrLogin(row: QrLoginRow, now: Date): QrLoginRequest {
  const status =
    row.status === 'claimed'
      ? 'approved'
      : row.status === 'pending' && row.expiresAt <= now
        ? 'expired'
        : row.status;
  return {
    id: row.id,
    status,
    user_agent: row.userAgent,
    country: row.country,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}
