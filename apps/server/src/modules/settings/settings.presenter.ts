import { createHash } from 'node:crypto';
import type { LinkedIdentities, UserSettings } from '@pinboard/shared';
import type { SessionSummary } from '@pinboard/shared/settings';
import type { listIdentities } from '../auth/social/identities.repository.ts';
import type { findListedSettings, listLiveSessions } from './settings.repository.ts';

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

export function presentUserSettings(
  row: NonNullable<Awaited<ReturnType<typeof findListedSettings>>>,
): UserSettings {
  return { connected_to_instagram: Boolean(row.instagram), listed_website_url: row.websiteUrl };
}
