import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../src/modules/auth/auth.policy.ts';
import { GOOD_PASSWORD, uniqueEmail } from '../helpers/auth.ts';
import { errorOf, TestBrowser } from '../helpers/browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('auth-redis: skipped, REDIS_URL is not set (CI and `npm run test:pg` set it).');

// Two instances of the app on one database, each with its own Redis connection, as behind a
// load balancer: a lockout earned on one must hold on the other.
describe.skipIf(!redisUrl)('lockouts shared through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ env: { REDIS_URL: redisUrl! } });
    second = await createTestApp({ env: { REDIS_URL: redisUrl! }, db: first.db });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('locks an account on every instance after failures spread over both', async () => {
    const email = uniqueEmail();
    await first.make.userWithPassword(GOOD_PASSWORD, { email });
    for (let i = 0; i < LOGIN_LIMITS.accountFailures; i++) {
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
