import {
  addOffsiteRule,
  listOffsiteRules,
  OffsiteRuleInputError,
  removeOffsiteRule,
} from '../modules/offsite/offsite-rules.service.ts';
import { AdminUsageError, type AdminContext } from './commands.ts';

const USAGE = 'Expected: offsite-rule add <domain> blocked|suspicious|porn | remove <domain> | list';

/** `npm run admin -- offsite-rule add|remove|list` (decision 28): rules for outbound links. */
export async function runOffsiteRuleCommand({ db }: AdminContext, args: string[]): Promise<string> {
  const [verb, ...rest] = args;
  try {
    if (verb === 'add' && rest.length === 2) {
      const { domain, status, before } = await addOffsiteRule(db, { domain: rest[0]!, status: rest[1]! });
      const what =
        before === null
          ? 'added'
          : before === status
            ? 'unchanged (it already had it)'
            : `changed from ${before}`;
      return `Offsite rule for ${domain} (and its subdomains): ${status}, ${what}. Links there no longer open, even with a token minted before.`;
    }
    if (verb === 'remove' && rest.length === 1) {
      const { domain, before } = await removeOffsiteRule(db, rest[0]!);
      if (before === null) throw new AdminUsageError(`${domain} has no offsite rule; nothing changed.`);
      return `Offsite rule for ${domain} removed (it was ${before}).`;
    }
    if (verb === 'list' && rest.length === 0) {
      const rows = await listOffsiteRules(db);
      if (rows.length === 0) return 'No offsite rules.';
      return rows
        .map((row) => `${row.domain}  ${row.status}  since ${row.createdAt.toISOString()}`)
        .join('\n');
    }
  } catch (error) {
    if (error instanceof OffsiteRuleInputError) throw new AdminUsageError(error.message);
    throw error;
  }
  throw new AdminUsageError(USAGE);
}
