import {
  ADVISORY_SEVERITIES,
  AdvisoryNoticeInputSchema,
  normaliseSearchTerm,
  SEARCH_QUERY_MAX,
  type Advisory,
  type AdvisorySeverityName,
} from '@pinboard/shared';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { deleteAdvisory, listAdvisories, upsertAdvisory } from './advisories.repository.ts';
import { presentAdvisory } from './advisories.presenter.ts';

/** A mistake in an operator's advisory input; the message says what to fix. */
export class AdvisoryInputError extends Error {}

/** ABUSIVE, SENSITIVE, BRAND_UNSAFE (any case) or 0, 1, 2. */
export function parseSeverity(value: string): number {
  const byName = ADVISORY_SEVERITIES[value.toUpperCase() as AdvisorySeverityName];
  if (byName !== undefined) return byName;
  if (/^[012]$/.test(value)) return Number(value);
  throw new AdvisoryInputError(
    `Severity '${value}' is not one of ABUSIVE (0), SENSITIVE (1), BRAND_UNSAFE (2).`,
  );
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `  ${issue.path.length ? issue.path.join('.') : '(notice)'}: ${issue.message}`)
    .join('\n');
}

/** Parses and validates the operator's JSON notice. */
export function parseNotice(json: string) {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new AdvisoryInputError(`The notice is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = AdvisoryNoticeInputSchema.safeParse(value);
  if (!parsed.success)
    throw new AdvisoryInputError(`The notice is not valid:\n${describeIssues(parsed.error)}`);
  return parsed.data;
}

function termOf(raw: string): string {
  const term = normaliseSearchTerm(raw);
  if (term === '' || term.length > SEARCH_QUERY_MAX) {
    throw new AdvisoryInputError(`The term must have 1 to ${SEARCH_QUERY_MAX} characters.`);
  }
  return term;
}

/** Adds (or replaces) the advisory of a term; the term is stored normalised. */
export async function addAdvisory(db: Executor, input: { term: string; severity: string; notice: string }) {
  const term = termOf(input.term);
  const severity = parseSeverity(input.severity);
  const {
    level,
    advisory_type: advisoryType,
    resource_country: resourceCountry,
    ...notice
  } = parseNotice(input.notice);
  const { created } = await upsertAdvisory(db, {
    term,
    severity,
    level,
    advisoryType,
    resourceCountry,
    notice,
  });
  return { term, severity, created };
}

export async function removeAdvisory(db: Executor, rawTerm: string) {
  const term = termOf(rawTerm);
  return { term, removed: await deleteAdvisory(db, term) };
}

export async function listAllAdvisories(db: Executor): Promise<Advisory[]> {
  return (await listAdvisories(db)).map(presentAdvisory);
}
