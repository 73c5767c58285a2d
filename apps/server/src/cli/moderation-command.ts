import {
  AGE_APPEAL_OUTCOMES,
  APPEAL_OUTCOMES,
  MODERATION_ACTIONS,
  type ModerationAction,
} from '@pinboard/shared';
import type { Mailer } from '../adapters/mail/index.ts';
import { ageReviewOutcomeMail } from '../modules/moderation/age-review.mail.ts';
import { MODERATED_OBJECTS } from '../modules/moderation/moderated-objects.ts';
import {
  findReport,
  listOpenReports,
  listPendingAgeAppeals,
  listPendingAppeals,
} from '../modules/moderation/moderation.repository.ts';
import {
  ModerationError,
  resolveAgeAppeal,
  resolveAppeal,
  resolveReport,
} from '../modules/moderation/moderation.service.ts';
import { AdminUsageError, type AdminContext } from './commands.ts';

/*
 * `npm run admin -- reports|appeals|age-appeals …` (decision 54): operators read what
 * people reported and asked for, and decide.
 */

const REPORTS_USAGE = `Expected: reports list | reports show <id> | reports resolve <id> --action ${MODERATION_ACTIONS.join('|')} [--note <text>]`;
const APPEALS_USAGE = `Expected: appeals list | appeals resolve <id> --outcome ${APPEAL_OUTCOMES.join('|')}`;
const AGE_APPEALS_USAGE = `Expected: age-appeals list | age-appeals resolve <id> --outcome ${AGE_APPEAL_OUTCOMES.join('|')}`;

/** A positive integer id, or a usage error naming what was expected. */
function idArg(value: string | undefined, usage: string): number {
  if (!value || !/^[1-9][0-9]{0,15}$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new AdminUsageError(usage);
  }
  return Number(value);
}

/** `--name value` options, each at most once; anything else is a usage error. */
function options(args: string[], allowed: string[], usage: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i]!;
    const value = args[i + 1];
    if (!name.startsWith('--') || !allowed.includes(name.slice(2)) || value === undefined) {
      throw new AdminUsageError(usage);
    }
    if (name.slice(2) in found) throw new AdminUsageError(`${name} is given twice. ${usage}`);
    found[name.slice(2)] = value;
  }
  return found;
}

async function decide<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ModerationError) throw new AdminUsageError(error.message);
    throw error;
  }
}

const date = (value: Date | null) => (value ? value.toISOString().slice(0, 16).replace('T', ' ') : '-');

export async function runReportsCommand({ db }: AdminContext, args: string[]): Promise<string> {
  const [verb, ...rest] = args;
  if (verb === 'list' && rest.length === 0) {
    const rows = await listOpenReports(db);
    if (rows.length === 0) return 'No open reports.';
    return rows
      .map(
        (r) => `#${r.id}  ${r.objectType} ${r.objectId}  ${r.reason}  by ${r.reporter}  ${date(r.createdAt)}`,
      )
      .join('\n');
  }
  if (verb === 'show' && rest.length === 1) {
    const id = idArg(rest[0], REPORTS_USAGE);
    const report = await findReport(db, id);
    if (!report) throw new AdminUsageError(`There is no report ${id}.`);
    const handler = MODERATED_OBJECTS[report.objectType];
    const summary = handler ? await handler.summary(db, report.objectId) : null;
    const owner = handler ? await handler.ownerOf(db, report.objectId) : null;
    return [
      `Report #${report.id}: ${report.objectType} ${report.objectId}, reason ${report.reason}`,
      `Reported by ${report.reporter} at ${date(report.createdAt)}; status ${report.status}${report.resolvedAt ? ` (resolved ${date(report.resolvedAt)})` : ''}`,
      summary
        ? `Object: "${summary.title}"${summary.url ? ` ${summary.url}` : ''}; owner account ${owner}`
        : handler
          ? 'Object: no longer exists'
          : `Object: ${report.objectType} moderation is not available yet`,
    ].join('\n');
  }
  if (verb === 'resolve' && rest.length >= 1) {
    const id = idArg(rest[0], REPORTS_USAGE);
    const opts = options(rest.slice(1), ['action', 'note'], REPORTS_USAGE);
    const action = opts.action as ModerationAction | undefined;
    if (!action || !(MODERATION_ACTIONS as readonly string[]).includes(action)) {
      throw new AdminUsageError(REPORTS_USAGE);
    }
    const note = opts.note?.trim() || null;
    const result = await decide(() => resolveReport(db, id, action, note));
    const decision =
      result.decisionId === null ? 'no decision: nothing to act on' : `decision ${result.decisionId}`;
    const told =
      result.ownerId === null || action === 'dismiss' ? 'the reporters were' : 'the owner and reporters were';
    return `Report #${id} resolved: ${action} (${decision}); ${result.reportsClosed} open report(s) of the object closed; ${result.effect}; ${told} notified.`;
  }
  throw new AdminUsageError(REPORTS_USAGE);
}

export async function runAppealsCommand({ db }: AdminContext, args: string[]): Promise<string> {
  const [verb, ...rest] = args;
  if (verb === 'list' && rest.length === 0) {
    const rows = await listPendingAppeals(db);
    if (rows.length === 0) return 'No pending appeals.';
    return rows
      .map(
        ({ appeal, decision, appellant }) =>
          `#${appeal.id}  ${decision.objectType} ${decision.objectId}  removed for ${decision.reason}  by ${appellant}  ${date(appeal.createdAt)}  "${appeal.reason}"`,
      )
      .join('\n');
  }
  if (verb === 'resolve' && rest.length >= 1) {
    const id = idArg(rest[0], APPEALS_USAGE);
    const { outcome } = options(rest.slice(1), ['outcome'], APPEALS_USAGE);
    if (outcome !== 'restore' && outcome !== 'uphold') throw new AdminUsageError(APPEALS_USAGE);
    const result = await decide(() => resolveAppeal(db, id, outcome));
    const what = `${result.objectType} ${result.objectId}`;
    return outcome === 'restore'
      ? `Appeal #${id} decided: restored; ${what} is visible again; the owner was notified.`
      : `Appeal #${id} decided: upheld; ${what} stays removed; the owner was notified.`;
  }
  throw new AdminUsageError(APPEALS_USAGE);
}

/**
 * Tells the person by mail (decision 54). The decision stands whether or not the mail goes: their
 * review page shows it either way, so a failure is reported to the operator, not retried.
 */
async function mailAgeReviewOutcome(
  mailer: Mailer | undefined,
  row: { email: string; status: 'pending' | 'approved' | 'denied' },
  publicUrl: string,
): Promise<string> {
  if (!mailer) return 'No mail was sent (this command has no mailer).';
  if (row.status === 'pending') return '';
  try {
    await mailer.send(ageReviewOutcomeMail({ to: row.email, outcome: row.status, publicUrl }));
    return `Mailed the outcome to ${row.email}.`;
  } catch (error) {
    return `The mail to ${row.email} could not be sent (${error instanceof Error ? error.message : String(error)}); their review page shows the outcome.`;
  }
}

export async function runAgeAppealsCommand(
  { db, config, mailer }: AdminContext,
  args: string[],
): Promise<string> {
  const [verb, ...rest] = args;
  if (verb === 'list' && rest.length === 0) {
    const rows = await listPendingAgeAppeals(db);
    if (rows.length === 0) return 'No pending age reviews.';
    return rows.map((r) => `#${r.id}  ${r.email}  birthday ${r.birthday}  ${date(r.createdAt)}`).join('\n');
  }
  if (verb === 'resolve' && rest.length >= 1) {
    const id = idArg(rest[0], AGE_APPEALS_USAGE);
    const { outcome } = options(rest.slice(1), ['outcome'], AGE_APPEALS_USAGE);
    if (outcome !== 'approve' && outcome !== 'deny') throw new AdminUsageError(AGE_APPEALS_USAGE);
    const row = await decide(() => resolveAgeAppeal(db, id, outcome));
    const decided =
      outcome === 'approve'
        ? `Age review #${id} (${row.email}) approved: the sign-up block is lifted the next time their browser opens /age-appeal/.`
        : `Age review #${id} (${row.email}) denied: the sign-up block stays.`;
    return `${decided} ${await mailAgeReviewOutcome(mailer, row, config.publicUrl)}`;
  }
  throw new AdminUsageError(AGE_APPEALS_USAGE);
}
