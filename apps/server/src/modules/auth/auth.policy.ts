import { createHash } from 'node:crypto';
import { AUTH_LIMITS, FORGOT_PASSWORD_LIMITS, MFA_LIMITS } from '@pinboard/shared';
import type { CounterStore } from '../../adapters/counters/counters.ts';
import { AppError } from '../../lib/app-error.ts';

/** The abuse limits of sign-in (decisions 18 and 33). */
export const LOGIN_LIMITS = {
  /** Every this many consecutive failed logins of one account lock it for `lockSeconds`. */
  accountFailures: 10,
  /**
   * Consecutive failed logins of one account after which only a password reset lets it log in
   * with a password again (at most 100, NIST SP 800-63B). With a 30-minute lock every 10
   * failures, reaching it takes at least 4.5 hours.
   */
  accountFailureCap: 100,
  /** How long an account's consecutive failures are remembered without a successful login. */
  consecutiveSeconds: 365 * 24 * 60 * 60,
  /**
   * How long failures under a name no account has are remembered: the same locks within a day,
   * but a flood of made-up names cannot fill the counter store for a year.
   */
  unknownNameSeconds: 24 * 60 * 60,
  /**
   * Failed logins from one address within `windowSeconds` after which every login from it needs
   * a bot-check token, as a too-quick one does; a right password still gets in.
   */
  ipFailures: 50,
  windowSeconds: AUTH_LIMITS.lockoutMinutes * 60,
  lockSeconds: AUTH_LIMITS.lockoutMinutes * 60,
  /** More attempts than this from one address in `quickWindowSeconds` need a bot-check token. */
  quickAttempts: 5,
  quickWindowSeconds: 60,
  /** Email exists/validation checks per address per minute. */
  checksPerMinute: 60,
  /** Analytics posts per address per minute. */
  eventPostsPerMinute: 120,
  /** Wrong passwords asked again in settings (re-auth) per account in `windowSeconds`. */
  reauthFailures: 10,
  /** Texted codes per account per hour, whatever the numbers (decision 20). */
  mfaSendsPerAccountPerHour: 10,
} as const;

// Counter keys never carry an email in clear: Redis is not the place for personal data.
const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 32);
const typedKey = (usernameOrEmail: string) => digest(usernameOrEmail.trim().toLowerCase());
/**
 * An account by id and creation time: ids alone repeat across databases (every test database
 * starts at 1) while Redis counters outlive them.
 */
export interface CountedAccount {
  id: number;
  createdAt: Date;
}
const idKey = (account: CountedAccount) => digest(`${account.id}:${account.createdAt.getTime()}`);

/**
 * Whom a login's failures count against: the account, whatever name was typed for it (email or
 * username), or, when no account has that name, the name itself, so that an unknown name locks
 * exactly like a real account (no enumeration).
 */
export type LoginSubject = { account: CountedAccount } | { typed: string };
export const loginSubject = (account: CountedAccount | null, typed: string): LoginSubject =>
  account ? { account } : { typed };
const subjectKey = (subject: LoginSubject) =>
  'account' in subject ? `id:${idKey(subject.account)}` : `typed:${typedKey(subject.typed)}`;

/** Lockouts and rate limits over the counter store. */
export function createAuthLimits(counters: CounterStore) {
  const locked = async (key: string) => (await counters.get(key)) > 0;

  return {
    /**
     * Refuses a login of a locked account: `login_rate_limited` for the 30 minutes after every
     * 10th consecutive failure, `account_soft_banned` (reset your password) from the 100th on.
     * Told whatever the password, so the answer says nothing about it.
     */
    async assertLoginNotLocked(subject: LoginSubject): Promise<void> {
      const key = subjectKey(subject);
      const [capped, lockedNow] = await Promise.all([
        locked(`login:cap:${key}`),
        locked(`login:lock:account:${key}`),
      ]);
      if (capped) throw new AppError('account_soft_banned');
      if (lockedNow) throw new AppError('login_rate_limited');
    },

    /**
     * Counts one login attempt from the address; true when it needs a bot-check token: it came
     * too quickly after others, or the address has had too many failed logins lately.
     */
    async loginNeedsBotCheck(ip: string): Promise<boolean> {
      const [attempts, failures] = await Promise.all([
        counters.increment(`login:attempts:ip:${ip}`, LOGIN_LIMITS.quickWindowSeconds),
        counters.get(`login:failures:ip:${ip}`),
      ]);
      return attempts > LOGIN_LIMITS.quickAttempts || failures >= LOGIN_LIMITS.ipFailures;
    },

    /**
     * Counts a failed login against the account and the address. Each 10th consecutive failure
     * of the account locks it for 30 minutes; the 100th locks it until a password reset.
     */
    async recordLoginFailure(subject: LoginSubject, ip: string): Promise<void> {
      const key = subjectKey(subject);
      const kept = 'account' in subject ? LOGIN_LIMITS.consecutiveSeconds : LOGIN_LIMITS.unknownNameSeconds;
      const [failures] = await Promise.all([
        counters.increment(`login:failures:account:${key}`, kept),
        counters.increment(`login:failures:ip:${ip}`, LOGIN_LIMITS.windowSeconds),
      ]);
      if (failures >= LOGIN_LIMITS.accountFailureCap) {
        await counters.claim(`login:cap:${key}`, kept);
      } else if (failures % LOGIN_LIMITS.accountFailures === 0) {
        await counters.claim(`login:lock:account:${key}`, LOGIN_LIMITS.lockSeconds);
      }
    },

    /** A completed login (password and any second factor) forgets the account's failures. */
    async clearAccountFailures(subject: LoginSubject): Promise<void> {
      await counters.delete(`login:failures:account:${subjectKey(subject)}`);
    },

    /** A password reset gets the account back in: its locks and failure count go. */
    async clearAccountLock(account: CountedAccount): Promise<void> {
      const key = subjectKey({ account });
      await Promise.all([
        counters.delete(`login:cap:${key}`),
        counters.delete(`login:lock:account:${key}`),
        counters.delete(`login:failures:account:${key}`),
      ]);
    },

    /** Email exists/validation checks: 60 a minute per address, else `rate_limited`. */
    async assertEmailCheckAllowed(ip: string): Promise<void> {
      const count = await counters.increment(`email-check:ip:${ip}`, 60);
      if (count > LOGIN_LIMITS.checksPerMinute) throw new AppError('rate_limited');
    },

    /**
     * Forgot-password requests: 20 an hour per address and 5 an hour per typed email or
     * username, counted whether or not an account has it, so the limit tells nothing about
     * which accounts exist.
     */
    async assertForgotPasswordAllowed(usernameOrEmail: string, ip: string): Promise<void> {
      const hour = 60 * 60;
      const [address, account] = await Promise.all([
        counters.increment(`forgot:ip:${ip}`, hour),
        counters.increment(`forgot:account:${typedKey(usernameOrEmail)}`, hour),
      ]);
      if (
        address > FORGOT_PASSWORD_LIMITS.perIpPerHour ||
        account > FORGOT_PASSWORD_LIMITS.perAccountPerHour
      ) {
        throw new AppError('forgot_password_rate_limited');
      }
    },

    /**
     * Texted codes: at most 5 an hour to one number and 10 an hour for one account (so a signed-in
     * account cannot text a list of numbers), login codes and phone confirmations together, else
     * `mfa_send_limited`. Counted before sending, so a refused send counts too.
     */
    async assertMfaSendAllowed(e164: string, account: CountedAccount): Promise<void> {
      const hour = 60 * 60;
      const [toNumber, byAccount] = await Promise.all([
        counters.increment(`mfa:send:${digest(e164)}`, hour),
        counters.increment(`mfa:send:account:${idKey(account)}`, hour),
      ]);
      if (toNumber > MFA_LIMITS.sendsPerNumberPerHour || byAccount > LOGIN_LIMITS.mfaSendsPerAccountPerHour) {
        throw new AppError('mfa_send_limited');
      }
    },

    /** Settings re-auth: 10 wrong passwords in 30 minutes stop further tries for the account. */
    async assertReauthAllowed(account: CountedAccount): Promise<void> {
      if ((await counters.get(`reauth:failures:${idKey(account)}`)) >= LOGIN_LIMITS.reauthFailures) {
        throw new AppError('login_rate_limited');
      }
    },
    async recordReauthFailure(account: CountedAccount): Promise<void> {
      await counters.increment(`reauth:failures:${idKey(account)}`, LOGIN_LIMITS.windowSeconds);
    },

    async assertEventPostAllowed(ip: string): Promise<void> {
      const count = await counters.increment(`events:ip:${ip}`, 60);
      if (count > LOGIN_LIMITS.eventPostsPerMinute) throw new AppError('rate_limited');
    },
  };
}
export type AuthLimits = ReturnType<typeof createAuthLimits>;
