import { createHash } from 'node:crypto';
import type { LinkedIdentities } from '@pinboard/shared';
import type { AccountSecurity, SessionSummary } from '@pinboard/shared/settings';
import type { findSecurityFacts } from '../auth/mfa/mfa.repository.ts';
import { phoneEnd } from '../auth/mfa/mfa.service.ts';
import type { listIdentities } from '../auth/social/identities.repository.ts';
import type { listLiveSessions } from './settings.repository.ts';

type SessionRow = Awaited<ReturnType<typeof listLiveSessions>>[number];
type IdentityRow = Awaited<ReturnType<typeof listIdentities>>[number];

/**
 * The public id of a session: a digest of its stored hash, so the list never shows the key the
 * session is looked up by (and certainly not the cookie, which is never stored).
 */
export const publicSessionId = (idHash: string) =>
  createHash('sha256').update(`session:${idHash}`).digest('base64url').slice(0, 22);

/** `current` marks the session of the browser asking. */
export function presentSessionSummary(row: SessionRow, currentIdHash: string | null): SessionSummary {
  return {
    id: publicSessionId(row.idHash),
    created_at: row.createdAt.toISOString(),
    user_agent: row.userAgent ?? '',
    ip: row.ip ?? '',
    current: row.idHash === currentIdHash,
  };
}

export function presentLinkedIdentities(rows: IdentityRow[], hasPassword: boolean): LinkedIdentities {
  return {
    identities: rows.map((row) => ({
      provider: row.provider,
      email: row.email,
      created_at: row.createdAt.toISOString(),
    })),
    has_password: hasPassword,
  };
}

/** A phone counts as confirmed only once its code was entered; the number shows by its end only. */
export function presentAccountSecurity(
  facts: NonNullable<Awaited<ReturnType<typeof findSecurityFacts>>>,
): AccountSecurity {
  return {
    email: facts.email ?? '',
    has_password: facts.hasPassword,
    phone_number_end: facts.e164 ? phoneEnd(facts.e164) : null,
    phone_confirmed: facts.e164 !== null && facts.confirmedAt !== null,
    two_factor_enabled: facts.twoFactorEnabled,
    backup_codes_left: facts.backupCodesLeft,
  };
}
