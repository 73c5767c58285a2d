import { randomBytes } from 'node:crypto';
import { Parser } from 'htmlparser2';
import {
  DOMAIN_VERIFY_META,
  MAX_WEBSITE_CLAIMS,
  claimFileName,
  domainOf,
  type OfficialUser,
  type WebsiteClaim,
} from '@pinboard/shared/website-claims';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/sql-helpers.ts';
import { AppError } from '../../lib/app-error.ts';
import { safeFetch } from '../../lib/safe-fetch.ts';
import { clearSignedOutAnswers } from '../../lib/signed-out-answers.ts';
import { authorizeOwnClaim } from '../../policies/website-claims.ts';
import { presentUserSummary } from '../users/users.presenter.ts';
import {
  deleteClaim,
  findClaim,
  findOfficialUser,
  insertClaim,
  isDomainVerifiedByOther,
  listClaimsOf,
  markClaimVerified,
  type ClaimRow,
} from './website-claims.repository.ts';

export interface WebsiteClaimDeps {
  db: Database;
  /** config.fetchAllowHosts: the private hosts the safe fetcher may reach (tests' local sites). */
  allowHosts: readonly string[];
}

/** The claim's own pages are small; a home page past this is read no further. */
const PAGE_BYTES = 1024 * 1024;

export function presentClaim(row: ClaimRow): WebsiteClaim {
  return {
    id: String(row.id),
    domain: row.domain,
    origin: row.origin,
    code: row.code,
    verified: row.verifiedAt !== null,
    verified_at: row.verifiedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listWebsiteClaims(db: Database, userId: number): Promise<WebsiteClaim[]> {
  return (await listClaimsOf(db, userId)).map(presentClaim);
}

/**
 * `POST /v3/users/settings/claimed_websites/`: a claim waiting for its tag or file. Claiming the
 * same site again answers the claim already made; one another account verified is refused.
 */
export async function claimWebsite(db: Database, userId: number, url: string): Promise<WebsiteClaim> {
  const domain = domainOf(url);
  if (!domain) throw new AppError('website_claim_invalid');
  const origin = new URL(/^https?:\/\//i.test(url.trim()) ? url.trim() : `https://${url.trim()}`).origin;
  if (await isDomainVerifiedByOther(db, domain, userId)) throw new AppError('website_claimed');
  const claims = await listClaimsOf(db, userId);
  if (!claims.some((claim) => claim.domain === domain) && claims.length >= MAX_WEBSITE_CLAIMS) {
    throw new AppError('website_claims_limit');
  }
  const code = randomBytes(16).toString('hex');
  return presentClaim(await insertClaim(db, { userId, domain, origin, code }));
}

/** Whether the page's markup has `<meta name="p:domain_verify" content="code">`. */
function hasVerifyMeta(html: string, code: string): boolean {
  let found = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'meta' && attributes.name?.toLowerCase() === DOMAIN_VERIFY_META) {
          found ||= attributes.content?.trim() === code;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return found;
}

/** GETs a page of the site through the safe fetcher; null when it cannot be read (any reason). */
async function readPage(deps: WebsiteClaimDeps, url: string): Promise<string | null> {
  try {
    const page = await safeFetch(url, {
      allowHosts: deps.allowHosts,
      maxBytes: PAGE_BYTES,
      accept: 'text/html',
    });
    return page.status >= 200 && page.status < 300 ? page.body.toString('utf8') : null;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/**
 * `POST /v3/users/settings/claimed_websites/{id}/verify/`: looks for the meta tag on the site's
 * home page, then for the file `/pinboard-<code>.html` holding the code, through the safe fetcher
 * (no inside address). Found: the claim is verified and its person the site's official account;
 * another account verifying the domain first wins (the unique index), this one is `website_claimed`.
 */
export async function verifyWebsiteClaim(
  deps: WebsiteClaimDeps,
  userId: number,
  claimId: number,
  now: Date,
): Promise<WebsiteClaim> {
  const claim = authorizeOwnClaim(await findClaim(deps.db, claimId), userId);
  if (claim.verifiedAt) return presentClaim(claim);
  const home = await readPage(deps, `${claim.origin}/`);
  let method: 'meta' | 'file' | null = home !== null && hasVerifyMeta(home, claim.code) ? 'meta' : null;
  if (!method) {
    const file = await readPage(deps, `${claim.origin}/${claimFileName(claim.code)}`);
    if (file?.includes(claim.code)) method = 'file';
  }
  if (!method) throw new AppError('website_not_verified');
  try {
    await markClaimVerified(deps.db, claim.id, method, now);
  } catch (error) {
    if (uniqueViolation(error) === 'website_claims_verified_domain_key')
      throw new AppError('website_claimed');
    throw error;
  }
  // Visitors' kept answers of the site's official account are stale now.
  clearSignedOutAnswers();
  return presentClaim(authorizeOwnClaim(await findClaim(deps.db, claimId), userId));
}

/** `DELETE /v3/users/settings/claimed_websites/{id}/`: answers the claims left. */
export async function removeWebsiteClaim(
  db: Database,
  userId: number,
  claimId: number,
): Promise<WebsiteClaim[]> {
  authorizeOwnClaim(await findClaim(db, claimId), userId);
  await deleteClaim(db, claimId);
  clearSignedOutAnswers();
  return listWebsiteClaims(db, userId);
}

/** `GET /v3/domains/{domain}/official_user/`: the active person who verified the site, or null. */
/**
 * The save dialog's follow row: the official account of the site a pin links to, when the viewer
 * is not that account and does not follow it yet.
 */
export async function officialUserToFollow(db: Database, link: string | null, viewerId: number) {
  const domain = link ? domainOf(link) : null;
  const row = domain ? await findOfficialUser(db, domain, viewerId) : null;
  return row ? presentUserSummary(row) : null;
}

export async function getOfficialUser(db: Database, domainParam: string): Promise<OfficialUser> {
  const domain = domainOf(domainParam);
  if (!domain) return { domain: domainParam.toLowerCase(), user: null };
  const row = await findOfficialUser(db, domain);
  return { domain, user: row ? presentUserSummary(row) : null };
}
