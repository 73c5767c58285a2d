import { listSurveys } from '../modules/email/email.repository.ts';
import { AdminUsageError, type AdminContext } from './commands.ts';

const USAGE = 'Expected: surveys list [--limit <n>] (n from 1 to 1000, 100 when not given)';

/** `npm run admin -- surveys list`: the user survey's answers, newest first (decision 53). */
export async function runSurveysCommand({ db }: AdminContext, args: string[]): Promise<string> {
  const [verb, ...rest] = args;
  if (verb !== 'list') throw new AdminUsageError(USAGE);
  let limit = 100;
  if (rest.length === 2 && rest[0] === '--limit' && /^\d{1,4}$/.test(rest[1]!)) limit = Number(rest[1]);
  else if (rest.length > 0) throw new AdminUsageError(USAGE);
  if (limit < 1 || limit > 1000) throw new AdminUsageError(USAGE);
  const rows = await listSurveys(db, limit);
  if (rows.length === 0) return 'No survey answers.';
  return rows
    .map((row) =>
      [
        row.createdAt.toISOString(),
        `@${row.username}`,
        `satisfaction ${row.satisfaction}/5`,
        `uses ${row.uses.length > 0 ? row.uses.join(',') : '-'}`,
        `via ${row.via}`,
        // One answer per line: the free text's line breaks are shown as \n.
        JSON.stringify(row.text),
      ].join('  '),
    )
    .join('\n');
}
