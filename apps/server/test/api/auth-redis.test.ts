import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createRedisCounters } from '../../src/adapters/counters/redis-counters.ts';
import type { CounterStore } from '../../src/adapters/counters/counters.ts';
import { passwordResetTokens } from '../../src/db/schema/auth.ts';
import { users } from '../../src/db/schema/users.ts';
import { createAuthLimits } from '../../src/modules/auth/auth.policy.ts';
import { LOGIN_LOCKOUT, RATE_LIMITS } from '../../src/policies/rate-limits.ts';
import { hashResetToken } from '../../src/modules/auth/recovery/recovery.service.ts';
import { GOOD_PASSWORD, uniqueEmail } from '../helpers/auth.ts';
import { errorOf, solvedBotCheckToken, TestBrowser } from '../helpers/browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('auth-redis: skipped, REDIS_URL is not set (CI and `npm run test:pg` set it).');

// Two instances of the app on one database, each with its own Redis connection, as behind a
// load balancer: a lockout earned on one must hold on the other.
describe.skipIf(!redisUrl)('lockouts shared through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  // The counters both instances use (same Redis, same key prefix), to set up long histories.
  let store: CounterStore;
  beforeAll(async () => {
    first = await createTestApp({ env: { REDIS_URL: redisUrl! } });
    // The second instance runs the real bot check (ALTCHA), the first none (BOT_CHECK=off).
    second = await createTestApp({ env: { REDIS_URL: redisUrl!, BOT_CHECK: 'altcha' }, db: first.db });
    store = createRedisCounters(redisUrl!);
  });
  afterAll(async () => {
    await store?.close();
    await second?.close();
    await first?.close();
  });

  const login = (app: TestApp, username_or_email: string, password: string, extra = {}, ip?: string) =>
    new TestBrowser(app, {}, ip).post('/v3/login/', { username_or_email, password, ...extra });
  async function countedAccount(email: string) {
    const user = await first.make.userWithPassword(GOOD_PASSWORD, { email });
    const [row] = await first.db.select().from(users).where(eq(users.id, user.id));
    return { ...user, createdAt: row!.createdAt };
  }

  it('counts one account under its email on one instance and its username on the other', async () => {
    const email = uniqueEmail();
    const ada = await countedAccount(email);
    for (let i = 0; i < LOGIN_LOCKOUT.accountFailures; i++) {
      const failed =
        i % 2 ? await login(second, ada.username, `bad-${i}-pw`) : await login(first, email, `bad-${i}-pw`);
      expect(errorOf(failed).code).toBe('login_password_incorrect');
    }
    for (const app of [first, second])
      for (const name of [email, ada.username])
        expect(errorOf(await login(app, name, GOOD_PASSWORD)).code).toBe('login_rate_limited');
  });

  it(`refuses the right password on every instance after ${LOGIN_LOCKOUT.accountFailureCap} failures in a row, until a password reset`, async () => {
    const email = uniqueEmail();
    const ada = await countedAccount(email);
    const limits = createAuthLimits(store);
    // 99 failures in a row over the past hours (one instance's counters), then the 100th.
    for (let i = 0; i < LOGIN_LOCKOUT.accountFailureCap; i++)
      await limits.recordLoginFailure({ account: ada }, '10.200.0.1');
    for (const app of [first, second])
      expect(errorOf(await login(app, ada.username, GOOD_PASSWORD)).code).toBe('account_soft_banned');

    const token = randomBytes(32).toString('base64url');
    await first.db.insert(passwordResetTokens).values({
      idHash: hashResetToken(token),
      userId: ada.id,
      requestType: 'reset',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const reset = await new TestBrowser(second).post('/v3/users/reset_password/', {
      token,
      password: 'amber-lantern-93',
    });
    expect(reset.status).toBe(200);
    expect((await login(first, email, 'amber-lantern-93')).status).toBe(200);
  });

  it(`asks the bot check of an address past ${RATE_LIMITS['login-failure'].max} failures counted elsewhere, and lets the right password in with it`, async () => {
    const ip = `10.201.${randomInt(256)}.${randomInt(1, 255)}`;
    const limits = createAuthLimits(store);
    for (let i = 0; i < RATE_LIMITS['login-failure'].max; i++)
      await limits.recordLoginFailure({ typed: uniqueEmail() }, ip);
    const email = uniqueEmail();
    await countedAccount(email);
    // The first attempt from the address this minute: not too quick, but the address's failures ask.
    const without = await login(second, email, GOOD_PASSWORD, {}, ip);
    expect(errorOf(without).code).toBe('login_too_quick');
    const browser = new TestBrowser(second, {}, ip);
    const token = await solvedBotCheckToken(browser);
    const withCheck = await browser.post('/v3/login/', {
      username_or_email: email,
      password: GOOD_PASSWORD,
      recaptchaV3Token: token,
    });
    expect(withCheck.status).toBe(200);
  });

  it('locks an account on every instance after failures spread over both', async () => {
    const email = uniqueEmail();
    await first.make.userWithPassword(GOOD_PASSWORD, { email });
    for (let i = 0; i < LOGIN_LOCKOUT.accountFailures; i++) {
      const app = i % 2 ? second : first;
      const failed = await new TestBrowser(app).post('/v3/login/', {
        username_or_email: email,
        password: `bad-${i}-pw`,
      });
      expect(errorOf(failed).code).toBe('login_password_incorrect');
    }
    for (const app of [first, second]) {
      const locked = await new TestBrowser(app).post('/v3/login/', {
        username_or_email: email,
        password: GOOD_PASSWORD,
      });
      expect(errorOf(locked).code).toBe('login_rate_limited');
    }
  });
});
