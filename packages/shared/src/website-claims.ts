import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { UserSummarySchema } from './users.ts';

/**
 * Claimed websites (decision 46): a person proves a site is theirs with a meta tag on its
 * home page or a file at its root, and becomes the site's official account.
 */

/** The meta tag's name, as on the product this one follows. */
export const DOMAIN_VERIFY_META = 'p:domain_verify';
/** The file at the site's root that proves it instead: `/pinboard-<code>.html`. */
export const claimFileName = (code: string) => `pinboard-${code}.html`;
export const claimMetaTag = (code: string) => `<meta name="${DOMAIN_VERIFY_META}" content="${code}"/>`;

export const MAX_WEBSITE_CLAIMS = 10;

/** `POST /v3/users/settings/claimed_websites/`: the site's address (`example.com` or a URL). */
export const ClaimWebsiteBodySchema = z.strictObject({
  url: z
    .string({ error: 'website_claim_invalid' })
    .trim()
    .min(1, { error: 'website_claim_invalid' })
    .max(2048, {
      error: 'website_claim_invalid',
    }),
});
export type ClaimWebsiteBody = z.infer<typeof ClaimWebsiteBodySchema>;

export const WebsiteClaimSchema = z.object({
  id: IdSchema,
  /** The host name, lower case, without `www.`. */
  domain: z.string(),
  /** Where the tag and the file are looked for (scheme, host and port). */
  origin: z.string(),
  code: z.string(),
  verified: z.boolean(),
  verified_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebsiteClaim = z.infer<typeof WebsiteClaimSchema>;
export const WebsiteClaimListSchema = z.array(WebsiteClaimSchema);

export const ClaimIdParamsSchema = z.strictObject({ id: IdSchema });

/** `GET /v3/domains/{domain}/official_user/`: the verified owner of a site, or null. */
export const DomainParamsSchema = z.strictObject({ domain: z.string().min(1).max(253) });
export const OfficialUserSchema = z.object({ domain: z.string(), user: UserSummarySchema.nullable() });
export type OfficialUser = z.infer<typeof OfficialUserSchema>;

/**
 * The host name a claim and a pin's link are matched by: lower case, without a trailing dot or a
 * leading `www.`. Null for anything that is not an http(s) address or a bare host name.
 */
export function domainOf(input: string): string | null {
  const text = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (!host || (!host.includes('.') && host !== 'localhost')) return null;
  return host.startsWith('www.') ? host.slice(4) : host;
}
