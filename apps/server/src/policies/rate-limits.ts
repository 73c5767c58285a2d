import { createHash } from 'node:crypto';
import { AUTH_LIMITS, FORGOT_PASSWORD_LIMITS, MFA_LIMITS, type ErrorCode } from '@pinboard/shared';
import type { CounterStore } from '../adapters/counters/counters.ts';
import { AppError } from '../lib/app-error.ts';

/*
 * Every rate limit of the server, by name, with its numbers, over the counter store (in-process,
 * or Redis shared by every instance). Every key of the store is `<name>:<subject kind>:<subject>`
 * (`counterKey`), so one look at Redis tells which limit counts what. Numbers the web app shows
 * too stay in packages/shared and are read from there.
 */

/**
 * Whom a count is against. Emails, typed names and phone numbers go into keys only as a digest
 * (Redis is not the place for personal data), and so do accounts: by id and creation time, as ids
 * alone repeat across databases (every test database starts at 1) while Redis counters outlive them.
 */
export type Subject =
  | { kind: 'ip'; ip: string }
  | { kind: 'user'; id: number }
  | { kind: 'account'; account: CountedAccount }
  | { kind: 'typed'; typed: string }
  | { kind: 'phone'; e164: string }
  | { kind: 'board'; id: number }
  | { kind: 'creator'; id: number };
export type SubjectKind = Subject['kind'];

/** An account by id and creation time (see `Subject`). */
export interface CountedAccount {
  id: number;
  createdAt: Date;
}

export const byIp = (ip: string): Subject => ({ kind: 'ip', ip });
export const byUser = (id: number): Subject => ({ kind: 'user', id });
export const byAccount = (account: CountedAccount): Subject => ({ kind: 'account', account });
/** A name or email as typed into a form: the same whatever its case and surrounding spaces. */
export const byTyped = (typed: string): Subject => ({ kind: 'typed', typed });
export const byPhone = (e164: string): Subject => ({ kind: 'phone', e164 });

const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 32);

function subjectKey(subject: Subject): string {
  switch (subject.kind) {
    case 'ip':
      return subject.ip;
    case 'user':
    case 'board':
    case 'creator':
      return String(subject.id);
    case 'account':
      return digest(`${subject.account.id}:${subject.account.createdAt.getTime()}`);
    case 'typed':
      return digest(subject.typed.trim().toLowerCase());
    case 'phone':
      return digest(subject.e164);
  }
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface RateLimit {
  /** What is counted against. */
  subjects: readonly SubjectKind[];
  /** More than this many in one window is over the limit. */
  max: number;
  windowSeconds: number;
  /** What a request over the limit is refused with (and with which HTTP status, when not the code's). */
  error: ErrorCode;
  status?: number;
}

/**
 * Every rate limit. A limit is over when a window's count passes `max`, except the failure limits
 * (`reached`), which count failures only and refuse once `max` of them are counted.
 */
export const RATE_LIMITS = {
  /** Login attempts from one address; past this they need a bot-check token (`login_too_quick`). */
  'login-attempt': { subjects: ['ip'], max: 5, windowSeconds: MINUTE, error: 'login_too_quick' },
  /**
   * Failed logins from one address after which every login from it needs a bot-check token, as a
   * too-quick one does; a right password still gets in.
   */
  'login-failure': {
    subjects: ['ip'],
    max: 50,
    windowSeconds: AUTH_LIMITS.lockoutMinutes * MINUTE,
    error: 'login_too_quick',
  },
  /** Email exists/validation checks per address. */
  'email-check': { subjects: ['ip'], max: 60, windowSeconds: MINUTE, error: 'rate_limited' },
  /** Analytics posts per address. */
  'event-post': { subjects: ['ip'], max: 120, windowSeconds: MINUTE, error: 'rate_limited' },
  /**
   * Forgot-password requests per address and per typed email or username, counted whether or not
   * an account has it, so the limit tells nothing about which accounts exist.
   */
  'forgot-password': {
    subjects: ['ip'],
    max: FORGOT_PASSWORD_LIMITS.perIpPerHour,
    windowSeconds: HOUR,
    error: 'forgot_password_rate_limited',
  },
  'forgot-password-name': {
    subjects: ['typed'],
    max: FORGOT_PASSWORD_LIMITS.perAccountPerHour,
    windowSeconds: HOUR,
    error: 'forgot_password_rate_limited',
  },
  /** Texted codes to one number (login codes and phone confirmations together). */
  'mfa-send': {
    subjects: ['phone'],
    max: MFA_LIMITS.sendsPerNumberPerHour,
    windowSeconds: HOUR,
    error: 'mfa_send_limited',
  },
  /** Texted codes for one account whatever the numbers, so it cannot text a list of numbers. */
  'mfa-send-account': { subjects: ['account'], max: 10, windowSeconds: HOUR, error: 'mfa_send_limited' },
  /** Wrong passwords asked again in settings (re-auth) per account: a failure limit. */
  'reauth-failure': {
    subjects: ['account'],
    max: 10,
    windowSeconds: AUTH_LIMITS.lockoutMinutes * MINUTE,
    error: 'login_rate_limited',
  },
  /** QR login codes one address may ask for; more says only that this way in is not available now. */
  'qr-login-start': {
    subjects: ['ip'],
    max: 10,
    windowSeconds: MINUTE,
    error: 'qr_login_unavailable',
    status: 429,
  },
  /**
   * Outbound link checks per person, or per address for visitors: far above a person clicking
   * links; checks may fetch shorteners, so the server is no free proxy.
   */
  'offsite-check': { subjects: ['user', 'ip'], max: 120, windowSeconds: MINUTE, error: 'rate_limited' },
  /** Promoted impression reports (batches) per address: a page scrolling fast sends a few a minute. */
  'promoted-events': { subjects: ['ip'], max: 300, windowSeconds: MINUTE, error: 'rate_limited' },
  /**
   * Conversion tags' reports per address (decision 69): a shopper converts a few times an hour; an
   * office or a carrier's shared address a few hundred a minute.
   */
  'promoted-conversions': { subjects: ['ip'], max: 300, windowSeconds: MINUTE, error: 'rate_limited' },
  /** Pages looked up for their images per person: the server is no free proxy. */
  'find-images': { subjects: ['user'], max: 30, windowSeconds: MINUTE, error: 'rate_limited' },
  /** Email invitations (each a mail to an address the owner typed) per person: no spam relay. */
  'board-invite-email': { subjects: ['user'], max: 100, windowSeconds: DAY, error: 'rate_limited' },
  /** Reports per person: far above anyone reporting what they see, below flooding moderation. */
  reports: { subjects: ['user'], max: 60, windowSeconds: HOUR, error: 'rate_limited' },
  /** Appeals per person: one per removal already; this keeps a flood of tries cheap. */
  appeals: { subjects: ['user'], max: 30, windowSeconds: HOUR, error: 'rate_limited' },
  /** Age reviews asked for per address (no account yet): a few tries, not a flood for operators. */
  'age-appeals': { subjects: ['ip'], max: 5, windowSeconds: HOUR, error: 'rate_limited' },
  /** Age review outcomes read per address: the keys are unguessable, this keeps tries cheap. */
  'age-appeal-read': { subjects: ['ip'], max: 60, windowSeconds: MINUTE, error: 'rate_limited' },
  /** Email confirmation links mailed again per person (decision 46): no mail cannon. */
  'email-verification-send': { subjects: ['user'], max: 5, windowSeconds: HOUR, error: 'rate_limited' },
  /** Confirmation links tried per address: tokens are unguessable, this keeps the tries cheap. */
  'email-verify': { subjects: ['ip'], max: 30, windowSeconds: MINUTE, error: 'rate_limited' },
  /** Mail-link preference reads and changes (and one-click unsubscribes) per address (decision 53). */
  'email-link': { subjects: ['ip'], max: 60, windowSeconds: MINUTE, error: 'rate_limited' },
  /**
   * Instant notification mails per person (decision 53): past it, new notifications wait in the
   * list instead of flooding a mailbox (a popular pin saved hundreds of times in an hour).
   */
  'notification-mail': { subjects: ['account'], max: 30, windowSeconds: HOUR, error: 'rate_limited' },
  /** Survey answers per address: a person answers once in a while, a script floods the table. */
  'user-survey': { subjects: ['ip'], max: 10, windowSeconds: HOUR, error: 'rate_limited' },
  /** Claimed-website checks per person: each fetches a site, so the server is no free prober. */
  'website-claim-verify': { subjects: ['user'], max: 30, windowSeconds: HOUR, error: 'rate_limited' },
  /** The collaborator invite field's typeahead calls per person. */
  'collaborator-suggestions': { subjects: ['user'], max: 120, windowSeconds: MINUTE, error: 'rate_limited' },
  /** Live streams opened per person: a tab reconnects every few minutes, a loop would not. */
  'live-stream': { subjects: ['user'], max: 60, windowSeconds: MINUTE, error: 'rate_limited' },
  /** The profile form's username availability checks (one a keystroke, debounced) per person. */
  'username-check': { subjects: ['user'], max: 120, windowSeconds: MINUTE, error: 'rate_limited' },
  /** New profile pictures per person: each is decoded, cropped and encoded four times. */
  'avatar-upload': { subjects: ['user'], max: 30, windowSeconds: HOUR, error: 'rate_limited' },
  /** Comments and replies per person: a lively conversation, not a flood of anyone's pins (decision 51). */
  comments: { subjects: ['user'], max: 30, windowSeconds: 10 * MINUTE, error: 'rate_limited' },
  /** Likes and unlikes of comments per person. */
  'comment-likes': { subjects: ['user'], max: 300, windowSeconds: HOUR, error: 'rate_limited' },
  /** Messages sent per person (decision 52): far above a conversation, below a flood. */
  'message-send': { subjects: ['user'], max: 30, windowSeconds: MINUTE, error: 'rate_limited' },
  /** Conversations started (or reused) per person: each may reach strangers as a request. */
  'conversation-create': { subjects: ['user'], max: 60, windowSeconds: HOUR, error: 'rate_limited' },
  /** The Send dialog's people typeahead calls per person. */
  'message-people': { subjects: ['user'], max: 120, windowSeconds: MINUTE, error: 'rate_limited' },
  /** Pins mailed per person (each to an address they typed): no spam relay. */
  'pin-email': { subjects: ['user'], max: 20, windowSeconds: DAY, error: 'rate_limited' },
  /** New business accounts, ad accounts, campaigns, ad groups, ads and tags per person (decision 55). */
  'business-write': { subjects: ['user'], max: 600, windowSeconds: HOUR, error: 'rate_limited' },
  /** Business access invitations (each a mail to a typed address) per person: no spam relay. */
  'business-invite-email': { subjects: ['user'], max: 100, windowSeconds: DAY, error: 'rate_limited' },
} as const satisfies Record<string, RateLimit>;

/** The name of a rate limit, for an endpoint to say which one it is under. */
export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * The login lockout (decisions 18 and 33): more than a count, so `auth.policy.ts` keeps its
 * logic; these are its numbers, and its keys are made by `counterKey` like every other.
 */
export const LOGIN_LOCKOUT = {
  /** Every this many consecutive failed logins of one account lock it for `lockSeconds`. */
  accountFailures: 10,
  /**
   * Consecutive failed logins of one account after which only a password reset lets it log in
   * with a password again (at most 100, NIST SP 800-63B). With a 30-minute lock every 10
   * failures, reaching it takes at least 4.5 hours.
   */
  accountFailureCap: 100,
  /** How long an account's consecutive failures are remembered without a successful login. */
  consecutiveSeconds: 365 * DAY,
  /**
   * How long failures under a name no account has are remembered: the same locks within a day,
   * but a flood of made-up names cannot fill the counter store for a year.
   */
  unknownNameSeconds: DAY,
  lockSeconds: AUTH_LIMITS.lockoutMinutes * MINUTE,
} as const;

/**
 * Names of the counter store's keys that are not rate limits: the login lockout's (`login-lock`
 * for 30 minutes, `login-cap` until a password reset, `login-failure` also per account or typed
 * name) and the board action lock (`board-action`).
 */
export type CounterName = RateLimitName | 'login-lock' | 'login-cap' | 'board-action';

/** The counter store's key of `name` for `subject`: `<name>:<subject kind>:<subject>`. */
export function counterKey(name: CounterName, subject: Subject): string {
  return `${name}:${subject.kind}:${subjectKey(subject)}`;
}

function refuse(name: RateLimitName): never {
  const limit: RateLimit = RATE_LIMITS[name];
  throw new AppError(limit.error, limit.status === undefined ? {} : { status: limit.status });
}

/**
 * Counts `times` events of the limit against the subject and answers whether it is over now:
 * its window's count passed `max`.
 */
export async function countRateLimit(
  counters: CounterStore,
  name: RateLimitName,
  subject: Subject,
  times = 1,
): Promise<boolean> {
  let count = 0;
  for (let i = 0; i < times; i += 1) {
    count = await counters.increment(counterKey(name, subject), RATE_LIMITS[name].windowSeconds);
  }
  return count > RATE_LIMITS[name].max;
}

/**
 * Counts one event against every named limit (all of them, refused or not) and refuses with the
 * first one over its limit, in the order given.
 */
export async function enforceRateLimits(
  counters: CounterStore,
  ...limits: [RateLimitName, Subject][]
): Promise<void> {
  const over = await Promise.all(limits.map(([name, subject]) => countRateLimit(counters, name, subject)));
  const index = over.indexOf(true);
  if (index !== -1) refuse(limits[index]![0]);
}

/** Counts one event against the limit and refuses with its error when over. */
export async function enforceRateLimit(
  counters: CounterStore,
  name: RateLimitName,
  subject: Subject,
  times = 1,
) {
  if (await countRateLimit(counters, name, subject, times)) refuse(name);
}

/** A failure limit: whether `max` failures are counted in the window (without counting one). */
export async function failureLimitReached(
  counters: CounterStore,
  name: RateLimitName,
  subject: Subject,
): Promise<boolean> {
  return (await counters.get(counterKey(name, subject))) >= RATE_LIMITS[name].max;
}

/** A failure limit: refuses with its error once `max` failures are counted. */
export async function enforceFailureLimit(counters: CounterStore, name: RateLimitName, subject: Subject) {
  if (await failureLimitReached(counters, name, subject)) refuse(name);
}
