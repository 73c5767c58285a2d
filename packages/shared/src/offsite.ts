import { z } from 'zod';
import { IdSchema } from './ids.ts';

/**
 * Outbound link checks (decision 28; docs/product/outbound-links.md): the contract of
 * `POST /v3/offsite/` and the pure rules about link hosts the server, the admin command and the
 * tests share.
 */

export const OFFSITE_REDIRECT_STATUSES = ['safe', 'blocked', 'suspicious', 'porn'] as const;
export type OffsiteRedirectStatus = (typeof OFFSITE_REDIRECT_STATUSES)[number];

/** What an operator can say about a link's domain (`npm run admin -- offsite-rule add`). */
export const OFFSITE_RULE_STATUSES = ['blocked', 'suspicious', 'porn'] as const;
export type OffsiteRuleStatus = (typeof OFFSITE_RULE_STATUSES)[number];

/** How long a token from a check opens its link through `/offsite/`. */
export const OFFSITE_TOKEN_TTL_SECONDS = 600;

/**
 * Known link shorteners: a link on one of them (or a subdomain) is followed to where it leads
 * before the check, since its own domain says nothing about the destination.
 */
export const LINK_SHORTENERS: readonly string[] = [
  'bit.ly',
  'bitly.com',
  'buff.ly',
  'cutt.ly',
  'dlvr.it',
  'fb.me',
  'goo.gl',
  'is.gd',
  'j.mp',
  'lnkd.in',
  'ow.ly',
  'rb.gy',
  'rebrand.ly',
  'shorturl.at',
  's.id',
  't.co',
  't.ly',
  'tiny.cc',
  'tinyurl.com',
  'trib.al',
  'v.gd',
  'youtu.be',
];

const MAX_URL = 2048;

export const OffsiteCheckBodySchema = z.strictObject({
  /** The pin whose link this is: the url must be that pin's link, and the pin visible. */
  pin_id: IdSchema.optional(),
  /** The link belongs to a promoted pin's ad (decision 56). */
  third_party_ad: z.boolean().optional(),
  /** With `third_party_ad`: the promoted card's token, so the click is counted and charged once. */
  ad_token: z.string().min(1).max(500).optional(),
  url: z.string().min(1).max(MAX_URL),
  /** The product's clients send true; false answers the same (the token is the way through). */
  check_only: z.boolean().default(true),
  /** Analytics context the product's clients send; accepted and not kept. */
  client_tracking_params: z.string().max(2000).optional(),
  aux_data: z
    .record(z.string().max(100), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
    .optional(),
});
export type OffsiteCheckBody = z.infer<typeof OffsiteCheckBodySchema>;

export const OffsiteCheckSchema = z.object({
  redirect_status: z.enum(OFFSITE_REDIRECT_STATUSES),
  /** The link checked: for a shortener, where it leads (what the token opens). */
  url: z.string(),
  /** Only when safe: opens `url` through `/offsite/?token=&url=` for ten minutes, in this browser. */
  token: z.string().nullable(),
});
export type OffsiteCheck = z.infer<typeof OffsiteCheckSchema>;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** A host as rules name it: lower case, no trailing dot, no brackets, no leading `www.`. */
export function ruleHostOf(hostname: string): string {
  const host = hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[|\]$/g, '');
  return host.startsWith('www.') ? host.slice(4) : host;
}

/** The rule host of an http(s) link, or null for anything else (no scheme, javascript:, …). */
export function linkHostOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const host = ruleHostOf(parsed.hostname);
  return host || null;
}

/** The host and every parent domain a rule can name (a.b.example.com … example.com, com); an IP alone. */
export function domainCandidates(host: string): string[] {
  if (IPV4.test(host) || host.includes(':')) return [host];
  const labels = host.split('.');
  return labels.map((_, i) => labels.slice(i).join('.'));
}

export function isLinkShortener(host: string, extra: readonly string[] = []): boolean {
  const candidates = domainCandidates(host);
  return [...LINK_SHORTENERS, ...extra].some((shortener) => candidates.includes(shortener));
}

/**
 * An operator's domain for a rule (`Example.COM`, `www.example.com`, `bücher.example`, an IPv4
 * address), as rules keep it, or null when it is not a domain (a URL, a path, a port, a space).
 */
export function parseRuleDomain(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed || /[/\s@:?#]/.test(trimmed)) return null;
  let hostname: string;
  try {
    hostname = new URL(`http://${trimmed}`).hostname;
  } catch {
    return null;
  }
  const host = ruleHostOf(hostname);
  if (IPV4.test(host)) return host;
  const labels = host.split('.');
  return host.length <= 253 && labels.every((label) => LABEL.test(label)) ? host : null;
}
