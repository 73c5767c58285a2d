import { AdminUsageError, type AdminContext } from './commands.ts';

/** `npm run admin -- offsite-rule ...` (issue 9): being built. */
export function runOffsiteRuleCommand(_context: AdminContext, _args: string[]): Promise<string> {
  return Promise.reject(new AdminUsageError('offsite-rule is being built (issue 9).'));
}
