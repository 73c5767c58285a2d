import type { CounterStore } from '../../adapters/counters/counters.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  byAccount,
  byIp,
  byPhone,
  byTyped,
  counterKey,
  countRateLimit,
  enforceFailureLimit,
  enforceRateLimits,
  failureLimitReached,
  LOGIN_LOCKOUT,
  type CountedAccount,
  type Subject,
} from '../../policies/rate-limits.ts';

export type { CountedAccount } from '../../policies/rate-limits.ts';

/**
 * Whom a login's failures count against: the account, whatever name was typed for it (email or
 * username), or, when no account has that name, the name itself, so that an unknown name locks
 * exactly like a real account (no enumeration).
 */
export type LoginSubject = { account: CountedAccount } | { typed: string };
export const loginSubject = (account: CountedAccount | null, typed: string): LoginSubject =>
  account ? { account } : { typed };
const counted = (subject: LoginSubject): Subject =>
  'account' in subject ? byAccount(subject.account) : byTyped(subject.typed);

/** The login lockout and the sign-in rate limits over the counter store (decisions 18 and 33). */
export function createAuthLimits(counters: CounterStore) {
  const locked = async (key: string) => (await counters.get(key)) > 0;

  return {
    /**
     * Refuses a login of a locked account: `login_rate_limited` for the 30 minutes after every
     * 10th consecutive failure, `account_soft_banned` (reset your password) from the 100th on.
     * Told whatever the password, so the answer says nothing about it.
     */
    async assertLoginNotLocked(subject: LoginSubject): Promise<void> {
      const [capped, lockedNow] = await Promise.all([
        locked(counterKey('login-cap', counted(subject))),
        locked(counterKey('login-lock', counted(subject))),
      ]);
      if (capped) throw new AppError('account_soft_banned');
      if (lockedNow) throw new AppError('login_rate_limited');
    },

    /**
     * Counts one login attempt from the address; true when it needs a bot-check token: it came
     * too quickly after others, or the address has had too many failed logins lately.
     */
    async loginNeedsBotCheck(ip: string): Promise<boolean> {
      const [quick, failing] = await Promise.all([
        countRateLimit(counters, 'login-attempt', byIp(ip)),
        failureLimitReached(counters, 'login-failure', byIp(ip)),
      ]);
      return quick || failing;
    },

    /**
     * Counts a failed login against the account and the address. Each 10th consecutive failure
     * of the account locks it for 30 minutes; the 100th locks it until a password reset.
     */
    async recordLoginFailure(subject: LoginSubject, ip: string): Promise<void> {
      const who = counted(subject);
      const kept = 'account' in subject ? LOGIN_LOCKOUT.consecutiveSeconds : LOGIN_LOCKOUT.unknownNameSeconds;
      const [failures] = await Promise.all([
        counters.increment(counterKey('login-failure', who), kept),
        countRateLimit(counters, 'login-failure', byIp(ip)),
      ]);
      if (failures >= LOGIN_LOCKOUT.accountFailureCap) {
        await counters.claim(counterKey('login-cap', who), kept);
      } else if (failures % LOGIN_LOCKOUT.accountFailures === 0) {
        await counters.claim(counterKey('login-lock', who), LOGIN_LOCKOUT.lockSeconds);
      }
    },

    /** A completed login (password and any second factor) forgets the account's failures. */
    async clearAccountFailures(subject: LoginSubject): Promise<void> {
      await counters.delete(counterKey('login-failure', counted(subject)));
    },

    /** A password reset gets the account back in: its locks and failure count go. */
    async clearAccountLock(account: CountedAccount): Promise<void> {
      const who = byAccount(account);
      await Promise.all([
        counters.delete(counterKey('login-cap', who)),
        counters.delete(counterKey('login-lock', who)),
        counters.delete(counterKey('login-failure', who)),
      ]);
    },

    /**
     * Forgot-password requests: 20 an hour per address and 5 an hour per typed email or
     * username, counted whether or not an account has it, so the limit tells nothing about
     * which accounts exist.
     */
    async assertForgotPasswordAllowed(usernameOrEmail: string, ip: string): Promise<void> {
      await enforceRateLimits(
        counters,
        ['forgot-password', byIp(ip)],
        ['forgot-password-name', byTyped(usernameOrEmail)],
      );
    },

    /**
     * Texted codes: at most 5 an hour to one number and 10 an hour for one account (so a signed-in
     * account cannot text a list of numbers), login codes and phone confirmations together, else
     * `mfa_send_limited`. Counted before sending, so a refused send counts too.
     */
    async assertMfaSendAllowed(e164: string, account: CountedAccount): Promise<void> {
      await enforceRateLimits(
        counters,
        ['mfa-send', byPhone(e164)],
        ['mfa-send-account', byAccount(account)],
      );
    },

    /** Settings re-auth: 10 wrong passwords in 30 minutes stop further tries for the account. */
    async assertReauthAllowed(account: CountedAccount): Promise<void> {
      await enforceFailureLimit(counters, 'reauth-failure', byAccount(account));
    },
    async recordReauthFailure(account: CountedAccount): Promise<void> {
      await countRateLimit(counters, 'reauth-failure', byAccount(account));
    },
  };
}
export type AuthLimits = ReturnType<typeof createAuthLimits>;
