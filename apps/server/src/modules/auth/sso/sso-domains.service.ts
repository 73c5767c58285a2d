import type { Database } from '../../../db/client.ts';
import {
  countSsoIdentities,
  deleteSsoDomain,
  listSsoDomains,
  upsertSsoDomain,
} from './sso-domains.repository.ts';

/** Why an `sso-domain` command's input was refused, for the operator. */
export class SsoDomainInputError extends Error {}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A lower-case email domain of two labels or more (acme.com), or an input error. */
export function parseSsoDomain(text: string): string {
  const domain = text.trim().toLowerCase();
  const labels = domain.split('.');
  if (domain.length > 253 || labels.length < 2 || !labels.every((label) => LABEL.test(label))) {
    throw new SsoDomainInputError(`'${text}' is not an email domain (like acme.com).`);
  }
  return domain;
}

/** An issuer URL (http or https, no query or fragment), as the provider's discovery names it. */
export function parseIssuer(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new SsoDomainInputError(`The issuer '${text}' is not a URL; give its http(s) address.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new SsoDomainInputError(`The issuer '${text}' is not an http(s) URL.`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new SsoDomainInputError(`The issuer '${text}' must have no query, fragment or credentials.`);
  }
  // Kept as typed: discovery compares it with the issuer the provider publishes.
  return text;
}

/**
 * Registers (or re-registers) single sign-on for an email domain (decision 21): people whose
 * address is at the domain get its issuer's login from `POST /v3/sso/info/`.
 */
export async function addSsoDomain(
  db: Database,
  input: { domain: string; issuer: string; clientId: string; clientSecret: string },
): Promise<{ domain: string; created: boolean }> {
  const domain = parseSsoDomain(input.domain);
  const issuer = parseIssuer(input.issuer);
  if (!input.clientId.trim()) throw new SsoDomainInputError('The client id is empty.');
  if (!input.clientSecret) throw new SsoDomainInputError('The client secret is empty.');
  const created = await upsertSsoDomain(db, {
    domain,
    issuer,
    clientId: input.clientId.trim(),
    clientSecret: input.clientSecret,
  });
  return { domain, created };
}

/**
 * Ends single sign-on for a domain. Its people's identities stay (registering the domain again
 * brings their login back); until then they need a password reset to get in.
 */
export async function removeSsoDomain(
  db: Database,
  text: string,
): Promise<{ domain: string; removed: boolean; accountsLeft: number }> {
  const domain = parseSsoDomain(text);
  const removed = await deleteSsoDomain(db, domain);
  return { domain, removed, accountsLeft: await countSsoIdentities(db, domain) };
}

export { listSsoDomains };
