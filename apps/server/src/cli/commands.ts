import { AppError } from '../lib/app-error.ts';
import type { MediaStorage } from '../adapters/storage/storage.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { setExperimentOverride } from '../modules/experiments/experiments.service.ts';
import { findProfileByUsername } from '../modules/users/users.repository.ts';
import { isDatabaseEmpty, seedDemo } from './seed.ts';

export interface AdminContext {
  db: Database;
  config: Config;
  storage: MediaStorage;
}

/** A mistake in how the command was called: printed as is, exit code 2. */
export class AdminUsageError extends Error {}

export const ADMIN_USAGE = `Usage: npm run admin -- <command>
  seed                                      fill an empty database with the demo
  experiment set <name> <group> [--user <username> | --visitor <id>]
                                            force a group (group 'default' removes the override)`;

/** Runs one admin command and returns what it changed, as text for the operator. */
export async function runAdminCommand(context: AdminContext, argv: string[]): Promise<string> {
  const [command, ...args] = argv;
  switch (command) {
    case 'seed':
      return seedCommand(context);
    case 'experiment':
      return experimentCommand(context, args);
    case undefined:
    case 'help':
    case '--help':
      return ADMIN_USAGE;
    default:
      throw new AdminUsageError(`Unknown command '${command}'.\n${ADMIN_USAGE}`);
  }
}

async function seedCommand({ db, config, storage }: AdminContext): Promise<string> {
  if (!(await isDatabaseEmpty(db))) {
    throw new AdminUsageError('The database already has users; the demo seed only fills an empty database.');
  }
  const summary = await seedDemo(db, { seed: config.seedNumber, pinCount: config.seedPins, storage });
  return `Seeded ${summary.users} users, ${summary.boards} boards, ${summary.sections} sections, ${summary.pins} pins and ${summary.images} images (seed ${config.seedNumber}).`;
}

async function experimentCommand({ db }: AdminContext, args: string[]): Promise<string> {
  const [verb, name, group, flag, value] = args;
  if (verb !== 'set' || !name || !group || (flag !== undefined && !value)) {
    throw new AdminUsageError(`Expected: experiment set <name> <group> [--user <username> | --visitor <id>]`);
  }
  let unit = '';
  if (flag === '--user') {
    const user = await findProfileByUsername(db, value!, null);
    if (!user) throw new AdminUsageError(`There is no active user named '${value}'.`);
    unit = `user:${user.id}`;
  } else if (flag === '--visitor') {
    unit = `visitor:${value}`;
  } else if (flag !== undefined) {
    throw new AdminUsageError(`Unknown option '${flag}'. Use --user or --visitor.`);
  }
  try {
    return await setExperimentOverride(db, name, group, unit);
  } catch (error) {
    if (error instanceof AppError) throw new AdminUsageError(`${error.message} ${error.detail ?? ''}`.trim());
    throw error;
  }
}
