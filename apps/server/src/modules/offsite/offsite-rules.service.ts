import { OFFSITE_RULE_STATUSES, type OffsiteRuleStatus } from '@pinboard/shared/offsite';
import { parseRuleDomain } from '@pinboard/shared/offsite';
import type { Executor } from '../../db/client.ts';
import { deleteRule, listRules, upsertRule } from './offsite.repository.ts';

/** Why an `offsite-rule` command's input was refused, for the operator. */
export class OffsiteRuleInputError extends Error {}

function domainOf(text: string): string {
  const domain = parseRuleDomain(text);
  if (!domain) {
    throw new OffsiteRuleInputError(
      `'${text}' is not a domain. Give a host name like example.com (no scheme, path or port); it covers its subdomains too.`,
    );
  }
  return domain;
}

function statusOf(text: string): OffsiteRuleStatus {
  const status = OFFSITE_RULE_STATUSES.find((value) => value === text.trim().toLowerCase());
  if (!status) {
    throw new OffsiteRuleInputError(`'${text}' is not a status. Use ${OFFSITE_RULE_STATUSES.join(', ')}.`);
  }
  return status;
}

/**
 * Sets the rule of a domain (and so of its subdomains) for outbound links (decision 28): the
 * next check, and every `/offsite/` hop after it, sees it, including tokens minted before.
 */
export async function addOffsiteRule(db: Executor, input: { domain: string; status: string }) {
  const domain = domainOf(input.domain);
  const status = statusOf(input.status);
  const before = await upsertRule(db, domain, status);
  return { domain, status, before };
}

export async function removeOffsiteRule(db: Executor, text: string) {
  const domain = domainOf(text);
  return { domain, before: await deleteRule(db, domain) };
}

export const listOffsiteRules = (db: Executor) => listRules(db);
