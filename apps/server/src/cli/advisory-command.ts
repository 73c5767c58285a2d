import { ADVISORY_SEVERITIES } from '@pinboard/shared';
import {
  addAdvisory,
  AdvisoryInputError,
  listAllAdvisories,
  removeAdvisory,
} from '../modules/search/advisories.service.ts';
import { AdminUsageError, type AdminContext } from './commands.ts';

const ADVISORY_USAGE = `Expected: advisory add <term> <ABUSIVE|SENSITIVE|BRAND_UNSAFE|0|1|2> <json-notice> | remove <term> | list
  The notice: {"title": "...", "description": {"text": "...", "tags": [{"tagType": "link", "offset": 0, "length": 4, "link": "https://..."}]},
  "actions": [{"title": "...", "description": "...", "button": {"text": "...", "link": "https://..."}}], "style": "...", "footer": "...",
  "level": 4, "advisory_type": "third_party", "resource_country": "US"} (all but title and description optional)`;

const SEVERITY_NAMES = Object.fromEntries(
  Object.entries(ADVISORY_SEVERITIES).map(([name, value]) => [value, name]),
) as Record<number, string>;

/** `npm run admin -- advisory add|remove|list`: search advisories and their notices. */
export async function runAdvisoryCommand({ db }: AdminContext, args: string[]): Promise<string> {
  const [verb, ...rest] = args;
  try {
    if (verb === 'add' && rest.length === 3) {
      const [term, severity, notice] = rest as [string, string, string];
      const added = await addAdvisory(db, { term, severity, notice });
      const how = added.created ? 'added' : 'updated (severity and notice replaced)';
      const effect =
        added.severity === ADVISORY_SEVERITIES.ABUSIVE ? '; searches for it show no results' : '';
      return `Advisory for '${added.term}' ${how}: ${SEVERITY_NAMES[added.severity]} (${added.severity})${effect}.`;
    }
    if (verb === 'remove' && rest.length === 1) {
      const removed = await removeAdvisory(db, rest[0]!);
      if (!removed.removed) throw new AdminUsageError(`'${removed.term}' has no advisory; nothing changed.`);
      return `Advisory for '${removed.term}' removed.`;
    }
    if (verb === 'list' && rest.length === 0) {
      const advisories = await listAllAdvisories(db);
      if (advisories.length === 0) return 'No search advisories.';
      return advisories
        .map((a) =>
          [
            `'${a.advisory}'`,
            `${SEVERITY_NAMES[a.severity]} (${a.severity})`,
            `type ${a.advisory_type ?? '-'}`,
            `level ${a.level ?? '-'}`,
            `country ${a.resource_country ?? 'all'}`,
            `"${a.advisory_details.title}"`,
          ].join('  '),
        )
        .join('\n');
    }
  } catch (error) {
    if (error instanceof AdvisoryInputError) throw new AdminUsageError(error.message);
    throw error;
  }
  throw new AdminUsageError(ADVISORY_USAGE);
}
