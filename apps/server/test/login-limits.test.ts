import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryCounters } from '../src/adapters/counters/memory-counters.ts';
import { createRedisCounters } from '../src/adapters/counters/redis-counters.ts';
import { createAuthLimits, type LoginSubject } from '../src/modules/auth/auth.policy.ts';
import { LOGIN_LOCKOUT, RATE_LIMITS } from '../src/policies/rate-limits.ts';

const redisUrl = process.env.REDIS_URL;
const redis = redisUrl ? createRedisCounters(redisUrl, `pinboard-test-${process.pid}:`) : null;
afterAll(() => redis?.close());

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { code?: string }) => error.code ?? String(error),
  );
const MINUTE = 60_000;

describe('login limits over the in-process counters', () => {
  it(`lock an account for 30 minutes every ${LOGIN_LOCKOUT.accountFailures} failures in a row, and until a reset from the ${LOGIN_LOCKOUT.accountFailureCap}th`, async () => {
    let now = 0;
    const limits = createAuthLimits(createMemoryCounters(() => now));
    const ada: LoginSubject = { account: { id: 7, createdAt: new Date(1) } };
    let failures = 0;
    while (failures < LOGIN_LOCKOUT.accountFailureCap) {
      expect(await codeOf(limits.assertLoginNotLocked(ada))).toBeNull();
      await limits.recordLoginFailure(ada, `10.0.0.${failures % 200}`);
      failures++;
      if (failures % LOGIN_LOCKOUT.accountFailures === 0 && failures < LOGIN_LOCKOUT.accountFailureCap) {
        expect(await codeOf(limits.assertLoginNotLocked(ada))).toBe('login_rate_limited');
        now += 29 * MINUTE;
        expect(await codeOf(limits.assertLoginNotLocked(ada))).toBe('login_rate_limited');
        now += MINUTE;
      } else {
        // Failures spread over days still count: only a login or a reset forgets them.
        now += 6 * 60 * MINUTE;
      }
    }
    // The cap holds whatever the time: only a password reset lifts it.
    expect(await codeOf(limits.assertLoginNotLocked(ada))).toBe('account_soft_banned');
    now += 30 * 24 * 60 * MINUTE;
    expect(await codeOf(limits.assertLoginNotLocked(ada))).toBe('account_soft_banned');
    await limits.clearAccountLock(ada.account);
    expect(await codeOf(limits.assertLoginNotLocked(ada))).toBeNull();
    // The count starts again from zero.
    for (let i = 1; i < LOGIN_LOCKOUT.accountFailures; i++) await limits.recordLoginFailure(ada, '10.0.0.1');
    expect(await codeOf(limits.assertLoginNotLocked(ada))).toBeNull();
  });

  it('keep a name no account has apart from the accounts, lock it the same way, and forget it after a day', async () => {
    let now = 0;
    const limits = createAuthLimits(createMemoryCounters(() => now));
    const nobody: LoginSubject = { typed: 'Nobody@Example.com ' };
    for (let i = 0; i < LOGIN_LOCKOUT.accountFailures; i++)
      await limits.recordLoginFailure(nobody, '10.0.0.2');
    expect(await codeOf(limits.assertLoginNotLocked({ typed: 'nobody@example.com' }))).toBe(
      'login_rate_limited',
    );
    expect(
      await codeOf(limits.assertLoginNotLocked({ account: { id: 1, createdAt: new Date(0) } })),
    ).toBeNull();
    // Nine more failures after the lock, then one a day after the first: the count started again.
    now += 31 * MINUTE;
    for (let i = 1; i < LOGIN_LOCKOUT.accountFailures; i++)
      await limits.recordLoginFailure(nobody, '10.0.0.2');
    now = LOGIN_LOCKOUT.unknownNameSeconds * 1000;
    await limits.recordLoginFailure(nobody, '10.0.0.2');
    expect(await codeOf(limits.assertLoginNotLocked(nobody))).toBeNull();
  });

  it(`ask every login from an address with ${RATE_LIMITS['login-failure'].max} failures in 30 minutes for the bot check, not only quick ones`, async () => {
    let now = 0;
    const limits = createAuthLimits(createMemoryCounters(() => now));
    const ip = '10.0.0.3';
    for (let i = 0; i < RATE_LIMITS['login-failure'].max - 1; i++)
      await limits.recordLoginFailure({ typed: `someone-${i}` }, ip);
    now += 2 * MINUTE;
    expect(await limits.loginNeedsBotCheck(ip)).toBe(false);
    await limits.recordLoginFailure({ typed: 'one-more' }, ip);
    now += 2 * MINUTE;
    // One attempt in its minute: not too quick, but the address's failures ask the check.
    expect(await limits.loginNeedsBotCheck(ip)).toBe(true);
    expect(await limits.loginNeedsBotCheck('10.0.0.4')).toBe(false);
    now += 30 * MINUTE;
    expect(await limits.loginNeedsBotCheck(ip)).toBe(false);
  });
});

describe.skipIf(!redis)('login limits over Redis', () => {
  it('lock an account by its failures from any instance', async () => {
    const first = createAuthLimits(redis!);
    const second = createAuthLimits(redis!);
    const ada: LoginSubject = { account: { id: 1, createdAt: new Date(Date.now() + Math.random()) } };
    for (let i = 0; i < LOGIN_LOCKOUT.accountFailures; i++)
      await (i % 2 ? second : first).recordLoginFailure(ada, '10.0.1.1');
    expect(await codeOf(first.assertLoginNotLocked(ada))).toBe('login_rate_limited');
    expect(await codeOf(second.assertLoginNotLocked(ada))).toBe('login_rate_limited');
    await second.clearAccountLock(ada.account);
    expect(await codeOf(first.assertLoginNotLocked(ada))).toBeNull();
  });
});
if (!redis) console.warn('login-limits: the Redis part is skipped, REDIS_URL is not set.');
