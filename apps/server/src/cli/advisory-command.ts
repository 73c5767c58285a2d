import { AdminUsageError, type AdminContext } from './commands.ts';

/** `npm run admin -- advisory ...` (issue 9): being built. */
export function runAdvisoryCommand(_context: AdminContext, _args: string[]): Promise<string> {
  return Promise.reject(new AdminUsageError('advisory is being built (issue 9).'));
}
