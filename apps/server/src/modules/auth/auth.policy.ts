import { createHash } from 'node:crypto';
import { AUTH_LIMITS, FORGOT_PASSWORD_LIMITS, MFA_LIMITS } from '@pinboard/shared';
import type { CounterStore } from '../../adapters/counters/counters.ts';
import { AppError } from '../../lib/app-error.ts';

/** The abuse limits of sign-in (decision 18). */
export const LOGIN_LIMITS = {
  /** Failed passwords for one account within the window lock that account. */
  accountFailures: 10,
  /** Failed passwords from one address within the window lock that address. */
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
const accountKey = (usernameOrEmail: string) => digest(usernameOrEmail.trim().toLowerCase());
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
 * Lockouts and rate limits over the counter store. Account keys come from what was typed, not
 * from a user id, so an unknown address is locked exactly like a real one (no enumeration).
 */
export function createAuthLimits(counters: CounterStore) {
  const locked = async (key: string) => (await counters.get(key)) > 0;

  return {
    /** Refuses a login while the account or the address is locked. */
    async assertLoginNotLocked(usernameOrEmail: string, ip: string): Promise<void> {
      const [account, address] = await Promise.all([
        locked(`login:lock:account:${accountKey(usernameOrEmail)}`),
        locked(`login:lock:ip:${ip}`),
      ]);
      if (account || address) throw new AppError('login_rate_limited');
    },

    /** Counts one login attempt from the address; true when it came too quickly after others. */
    async isLoginTooQuick(ip: string): Promise<boolean> {
      const attempts = await counters.increment(`login:attempts:ip:${ip}`, LOGIN_LIMITS.quickWindowSeconds);
      return attempts > LOGIN_LIMITS.quickAttempts;
    },

    /** Counts a failed password; reaching a limit locks the account or the address for 30 minutes. */
    async recordLoginFailure(usernameOrEmail: string, ip: string): Promise<void> {
      const account = accountKey(usernameOrEmail);
      const [accountFailures, ipFailures] = await Promise.all([
        counters.increment(`login:failures:account:${account}`, LOGIN_LIMITS.windowSeconds),
        counters.increment(`login:failures:ip:${ip}`, LOGIN_LIMITS.windowSeconds),
      ]);
      if (accountFailures >= LOGIN_LIMITS.accountFailures) {
        await counters.claim(`login:lock:account:${account}`, LOGIN_LIMITS.lockSeconds);
        await counters.delete(`login:failures:account:${account}`);
      }
      if (ipFailures >= LOGIN_LIMITS.ipFailures) {
        await counters.claim(`login:lock:ip:${ip}`, LOGIN_LIMITS.lockSeconds);
        await counters.delete(`login:failures:ip:${ip}`);
      }
    },

    /** A correct password forgets the account's earlier failures (not the address's). */
    async clearAccountFailures(usernameOrEmail: string): Promise<void> {
      await counters.delete(`login:failures:account:${accountKey(usernameOrEmail)}`);
    },

    /** Email exists/validation checks: 60 a minute per address, else `rate_limited`. */
    async assertEmailCheckAllowed(ip: string): Promise<void> {
      const count = await counters.increment(`email-check:ip:${ip}`, 60);
      if (count > LOGIN_LIMITS.checksPerMinute) throw new AppError('rate_limited');
    },

    /**
     * A password reset gets the account back in: its lockout and failure counts go, under
     * every name it can be typed as (email and username).
     */
    async clearAccountLock(identifiers: string[]): Promise<void> {
      for (const identifier of identifiers) {
        const account = accountKey(identifier);
        await counters.delete(`login:lock:account:${account}`);
        await counters.delete(`login:failures:account:${account}`);
      }
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
        counters.increment(`forgot:account:${accountKey(usernameOrEmail)}`, hour),
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
