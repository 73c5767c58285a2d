import { AppError } from '../lib/app-error.ts';
import type { Mailer } from '../adapters/mail/index.ts';
import type { MediaStorage } from '../adapters/storage/storage.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { clearSignedOutAnswers } from '../lib/signed-out-answers.ts';
import { setAccountStatus, type AccountStatus } from '../modules/auth/account-status.service.ts';
import {
  addSsoDomain,
  listSsoDomains,
  removeSsoDomain,
  SsoDomainInputError,
} from '../modules/auth/sso/sso-domains.service.ts';
import { setExperimentOverride } from '../modules/experiments/experiments.service.ts';
import { findActiveUserByUsername } from '../modules/users/users.repository.ts';
import { runAdvisoryCommand } from './advisory-command.ts';
import { runAgeAppealsCommand, runAppealsCommand, runReportsCommand } from './moderation-command.ts';
import { runOffsiteRuleCommand } from './offsite-rule-command.ts';
import { runSurveysCommand } from './surveys-command.ts';
import { runInvoicesCommand } from './invoices-command.ts';
import { isDatabaseEmpty, seedDemo } from './seed.ts';

export interface AdminContext {
  db: Database;
  config: Config;
  storage: MediaStorage;
  /**
   * Mail the commands send (the age-review outcome): the server's mailer when the command is
   * handed to it, else one of the command's own. Without one, a command says nothing was mailed.
   */
  mailer?: Mailer;
}

/** A mistake in how the command was called: printed as is, exit code 2. */
export class AdminUsageError extends Error {}

export const ADMIN_USAGE = `Usage: npm run admin -- <command>
  seed                                      fill an empty database with the demo
  experiment set <name> <group> [--user <username> | --visitor <id>]
                                            force a group (group 'default' removes the override)
  suspend <email>                           suspend the account (login answers account_suspended) and sign it out everywhere
  soft-ban <email>                          protect the account: remove its password, sign it out everywhere; only a password reset gets back in
  deactivate <email>                        deactivate the account (login answers account_deactivated) and sign it out everywhere
  reactivate <email>                        make the account active again
  sso-domain add <domain> <issuer> <client-id> <secret>
                                            single sign-on for people whose email is at <domain> (replaces an earlier one)
  sso-domain remove <domain>                end single sign-on for the domain
  sso-domain list                           the registered domains, issuers and client ids (no secrets)
  offsite-rule add <domain> blocked|suspicious|porn
                                            stop outbound links to the domain and its subdomains (replaces an earlier rule)
  offsite-rule remove <domain>              lift the domain's rule
  offsite-rule list                         every rule with its status
  advisory add <term> <ABUSIVE|SENSITIVE|BRAND_UNSAFE|0|1|2> <json-notice>
                                            a search advisory and its notice for the term (replaces an earlier one)
  advisory remove <term>                    remove the term's advisory
  advisory list                             the advisories: term, severity, type, level, country
  surveys list [--limit <n>]                the user survey's answers, newest first (100 unless --limit)
  reports list                              the open reports: id, object, reason, reporter
  reports show <id>                         a report, its object and the object's owner
  reports resolve <id> --action remove|warn|suspend|dismiss [--note <text>]
                                            decide: closes every open report of the object; tells the owner and reporters
  appeals list                              the pending appeals of removals
  appeals resolve <id> --outcome restore|uphold
                                            restore the removed object, or keep it removed; tells the owner
  age-appeals list                          the pending age reviews (email, birthday)
  age-appeals resolve <id> --outcome approve|deny
                                            approve lifts the sign-up block of the age rule
  invoices list [--advertiser <id>] [--status open|paid] [--limit <n>]
                                            monthly invoices, newest month first
  invoices issue [--month YYYY-MM]          issue a month's invoices from the spend ledger (last month when not given)
  invoices mark-paid <id>                   the transfer arrived: the invoice is paid; its ad account serves again if nothing else holds it
  invoices check                            stop ad accounts unpaid past the limit now, and start those paid`;

const STATUS_COMMANDS: Record<string, AccountStatus> = {
  suspend: 'suspended',
  'soft-ban': 'soft_banned',
  deactivate: 'deactivated',
  reactivate: 'active',
};

/** Runs one admin command and returns what it changed, as text for the operator. */
export async function runAdminCommand(context: AdminContext, argv: string[]): Promise<string> {
  const output = await runCommand(context, argv);
  // An account's status, the seed and the rest can change what visitors are shown: the cached
  // answers of every instance go (lib/signed-out-answers.ts).
  clearSignedOutAnswers();
  return output;
}

async function runCommand(context: AdminContext, argv: string[]): Promise<string> {
  const [command, ...args] = argv;
  switch (command) {
    case 'seed':
      return seedCommand(context);
    case 'experiment':
      return experimentCommand(context, args);
    case 'suspend':
    case 'soft-ban':
    case 'deactivate':
    case 'reactivate':
      return statusCommand(context, command, args);
    case 'sso-domain':
      return ssoDomainCommand(context, args);
    case 'advisory':
      return runAdvisoryCommand(context, args);
    case 'offsite-rule':
      return runOffsiteRuleCommand(context, args);
    case 'surveys':
      return runSurveysCommand(context, args);
    case 'reports':
      return runReportsCommand(context, args);
    case 'appeals':
      return runAppealsCommand(context, args);
    case 'age-appeals':
      return runAgeAppealsCommand(context, args);
    case 'invoices':
      return runInvoicesCommand(context, args);
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
    const user = await findActiveUserByUsername(db, value!);
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

async function statusCommand({ db }: AdminContext, command: string, args: string[]): Promise<string> {
  const [email, ...rest] = args;
  const to = STATUS_COMMANDS[command]!;
  if (!email || rest.length > 0) throw new AdminUsageError(`Expected: ${command} <email>`);
  const change = await setAccountStatus(db, email, to);
  if (change.kind === 'unknown') throw new AdminUsageError(`There is no account with the email '${email}'.`);
  if (change.kind === 'unchanged') {
    throw new AdminUsageError(`The account ${email} is already ${change.status}; nothing changed.`);
  }
  const parts = [`Account ${email} (id ${change.userId}): status ${change.from} -> ${change.to}`];
  if (to === 'soft_banned') parts.push('password removed (only a password reset gets back in)');
  if (to !== 'active') parts.push(`${change.sessionsEnded} session(s) and every recognition token ended`);
  return `${parts.join('; ')}.`;
}

const SSO_DOMAIN_USAGE =
  'Expected: sso-domain add <domain> <issuer> <client-id> <secret> | remove <domain> | list';

async function ssoDomainCommand({ db }: AdminContext, args: string[]): Promise<string> {
  const [verb, ...rest] = args;
  try {
    if (verb === 'add' && rest.length === 4) {
      const [domain, issuer, clientId, clientSecret] = rest as [string, string, string, string];
      const added = await addSsoDomain(db, { domain, issuer, clientId, clientSecret });
      const how = added.created ? 'added' : 'updated (issuer, client id and secret replaced)';
      return `SSO domain ${added.domain} ${how}: people with an @${added.domain} email sign in through ${issuer} (client ${clientId.trim()}).`;
    }
    if (verb === 'remove' && rest.length === 1) {
      const removed = await removeSsoDomain(db, rest[0]!);
      if (!removed.removed)
        throw new AdminUsageError(`${removed.domain} is not an SSO domain; nothing changed.`);
      const left =
        removed.accountsLeft > 0
          ? ` ${removed.accountsLeft} account(s) signed in through it; they need a password reset (or the domain added again) to get in.`
          : '';
      return `SSO domain ${removed.domain} removed.${left}`;
    }
    if (verb === 'list' && rest.length === 0) {
      const rows = await listSsoDomains(db);
      if (rows.length === 0) return 'No SSO domains.';
      return rows.map((row) => `${row.domain}  ${row.issuer}  client ${row.clientId}`).join('\n');
    }
  } catch (error) {
    if (error instanceof SsoDomainInputError) throw new AdminUsageError(error.message);
    throw error;
  }
  throw new AdminUsageError(SSO_DOMAIN_USAGE);
}
