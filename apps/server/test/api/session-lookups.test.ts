import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvalidationBus, type InvalidationBus } from '../../src/adapters/invalidation/index.ts';
import { createLocalStorage } from '../../src/adapters/storage/local-storage.ts';
import { runAdminCommand } from '../../src/cli/commands.ts';
import { loadConfig } from '../../src/config.ts';
import { passwordResetTokens } from '../../src/db/schema/auth.ts';
import { sessions, users } from '../../src/db/schema/users.ts';
import { suspendAccountById } from '../../src/modules/auth/account-status.service.ts';
import { hashResetToken } from '../../src/modules/auth/recovery/recovery.service.ts';
import {
  createSessionLookups,
  forgetLocalSessions,
  forgetSessions,
  SESSION_INVALIDATION_CHANNEL,
} from '../../src/modules/auth/session-lookups.ts';
import { hashSessionToken, SESSION_COOKIE } from '../../src/plugins/viewer.ts';
import { GOOD_PASSWORD, uniqueEmail } from '../helpers/auth.ts';
import { TestBrowser } from '../helpers/browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Two instances on one database: each keeps its own session lookups. With REDIS_URL (the
// PostgreSQL run) they are told of session ends through Redis, else through the in-process bus.
const redisUrl = process.env.REDIS_URL;
const env: Record<string, string> = redisUrl ? { REDIS_URL: redisUrl } : {};
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp({ env });
  b = await createTestApp({ env, db: a.db });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const NEW_PASSWORD = 'amber-lantern-93';

/** A browser on `t` with the same session cookie as `browser` (the same person on another instance). */
function sameCookieOn(t: TestApp, browser: TestBrowser): TestBrowser {
  const copy = new TestBrowser(t);
  for (const [name, value] of browser.jar) copy.jar.set(name, value);
  return copy;
}
// The sessions list answers from `request.viewer` alone (AUTH only), without a status check of
// its own: what the instance's lookup said.
const signedIn = async (browser: TestBrowser) =>
  (await browser.get('/v3/users/settings/sessions/')).status === 200;

async function account() {
  const email = uniqueEmail();
  const user = await a.make.userWithPassword(GOOD_PASSWORD, { email });
  const browser = new TestBrowser(a);
  const [name, value] = (await a.make.sessionCookie(user.id)).split('=') as [string, string];
  browser.jar.set(name, value);
  return { ...user, email, browser };
}

const admin = (...argv: string[]) => {
  const config = loadConfig({ DATA_DIR: a.dataDir });
  return runAdminCommand({ db: a.db, config, storage: createLocalStorage(config.mediaDir) }, argv);
};

type Account = Awaited<ReturnType<typeof account>>;

/** Closes the account from its settings, in either mode. */
async function closeAccount(ada: Account, mode: 'deactivate' | 'close') {
  const closed = await ada.browser.post('/v3/users/settings/close/', { password: GOOD_PASSWORD, mode });
  expect(closed.status).toBe(200);
}

/**
 * Every way a session ends, done on instance a: `own` ends the session of the account's browser,
 * `other` another session of the account (another device).
 */
const endings: [string, 'own' | 'other', (ada: Account) => Promise<unknown>][] = [
  ['logout', 'own', (ada) => ada.browser.post('/v3/logout/')],
  [
    'sign out everywhere (settings)',
    'other',
    async (ada) => {
      expect((await ada.browser.post('/v3/users/settings/sessions/logout_all/', {})).status).toBe(200);
    },
  ],
  [
    'a session revoked from settings',
    'other',
    async (ada) => {
      const list = (await ada.browser.get('/v3/users/settings/sessions/')).body.resource_response.data;
      const id = list.find((entry: { current: boolean }) => !entry.current).id;
      expect((await ada.browser.request('DELETE', `/v3/users/settings/sessions/${id}/`)).status).toBe(200);
    },
  ],
  [
    'a password change ending the other sessions',
    'other',
    async (ada) => {
      const changed = await ada.browser.post('/v3/users/settings/password/', {
        current_password: GOOD_PASSWORD,
        new_password: NEW_PASSWORD,
        end_other_sessions: true,
      });
      expect(changed.status).toBe(200);
    },
  ],
  [
    'a password reset',
    'own',
    async (ada) => {
      const token = `reset-token-${ada.id}-0123456789abcdefghijklmnopq`;
      await a.db.insert(passwordResetTokens).values({
        idHash: hashResetToken(token),
        userId: ada.id,
        requestType: 'reset',
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      const reset = await new TestBrowser(a).post('/v3/users/reset_password/', {
        token,
        password: NEW_PASSWORD,
      });
      expect(reset.status).toBe(200);
    },
  ],
  [
    'a switch back to the account (its session gets a new id)',
    'own',
    async (ada) => {
      const bob = await a.make.userWithPassword(GOOD_PASSWORD, { email: uniqueEmail('bob') });
      const added = await ada.browser.post('/v3/login/', {
        username_or_email: bob.email,
        password: GOOD_PASSWORD,
        switch_account: true,
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const back = await ada.browser.post('/v3/users/me/switch/', { user_id: String(ada.id) });
      expect(back.status, JSON.stringify(back.body)).toBe(200);
    },
  ],
  ['the account deactivated (settings)', 'own', (ada) => closeAccount(ada, 'deactivate')],
  ['the account deleted (settings)', 'own', (ada) => closeAccount(ada, 'close')],
  ['admin suspend', 'own', (ada) => admin('suspend', ada.email)],
  ['admin soft-ban', 'own', (ada) => admin('soft-ban', ada.email)],
  ['admin deactivate', 'own', (ada) => admin('deactivate', ada.email)],
  ['a moderation suspension', 'own', (ada) => suspendAccountById(a.db, ada.id)],
];

describe('a session ended on one instance', () => {
  it.each(endings)('is refused at once on the other: %s', async (_name, which, end) => {
    const ada = await account();
    const victim = new TestBrowser(a);
    if (which === 'own') for (const [name, value] of ada.browser.jar) victim.jar.set(name, value);
    else victim.jar.set(SESSION_COOKIE, (await a.make.sessionCookie(ada.id)).split('=')[1]!);
    // Both instances have looked the session up, and keep it.
    expect(await signedIn(sameCookieOn(a, victim))).toBe(true);
    expect(await signedIn(sameCookieOn(b, victim))).toBe(true);
    await end(ada);
    expect(await signedIn(sameCookieOn(b, victim))).toBe(false);
    expect(await signedIn(sameCookieOn(a, victim))).toBe(false);
    // Another session's end leaves the browser that ended it signed in.
    if (which === 'other') expect(await signedIn(sameCookieOn(b, ada.browser))).toBe(true);
  });
});

describe('the kept lookups', () => {
  async function liveSession(userId: number, expiresInMs = 3_600_000) {
    const idHash = hashSessionToken(`token-${Math.random()}`);
    await a.db.insert(sessions).values({ idHash, userId, expiresAt: new Date(Date.now() + expiresInMs) });
    return idHash;
  }
  const dropRow = (idHash: string) => a.db.delete(sessions).where(eq(sessions.idHash, idHash));

  it('answers a repeat from memory, and asks again once forgotten', async () => {
    const user = await a.make.user();
    const lookups = createSessionLookups(a.db);
    const idHash = await liveSession(user.id);
    expect(await lookups.userIdOf(idHash, new Date())).toBe(user.id);
    // Deleted behind the app's back: still kept (this is what every session end must clear).
    await dropRow(idHash);
    expect(await lookups.userIdOf(idHash, new Date())).toBe(user.id);
    await forgetSessions();
    expect(await lookups.userIdOf(idHash, new Date())).toBeNull();
  });

  it('keeps an entry no longer than its time to live', async () => {
    const user = await a.make.user();
    const lookups = createSessionLookups(a.db, { ttlMs: 50 });
    const idHash = await liveSession(user.id);
    expect(await lookups.userIdOf(idHash, new Date())).toBe(user.id);
    await dropRow(idHash);
    expect(await lookups.userIdOf(idHash, new Date())).toBe(user.id);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await lookups.userIdOf(idHash, new Date())).toBeNull();
  });

  it('never past the session’s own expiry', async () => {
    const user = await a.make.user();
    const lookups = createSessionLookups(a.db, { ttlMs: 60_000 });
    const idHash = await liveSession(user.id, 2_000);
    expect(await lookups.userIdOf(idHash, new Date())).toBe(user.id);
    expect(await lookups.userIdOf(idHash, new Date(Date.now() + 1_000))).toBe(user.id);
    expect(await lookups.userIdOf(idHash, new Date(Date.now() + 2_500))).toBeNull();
  });

  it('keeps neither an unknown session nor an inactive account’s, so a sign-in counts at once', async () => {
    const user = await a.make.user({ status: 'suspended' });
    const lookups = createSessionLookups(a.db);
    const idHash = await liveSession(user.id);
    expect(await lookups.userIdOf(idHash, new Date())).toBeNull();
    await a.db.update(users).set({ status: 'active' }).where(eq(users.id, user.id));
    expect(await lookups.userIdOf(idHash, new Date())).toBe(user.id);
  });

  it('does not keep what a lookup read before a clear', async () => {
    const user = await a.make.user();
    const lookups = createSessionLookups(a.db);
    const idHash = await liveSession(user.id);
    const reading = lookups.userIdOf(idHash, new Date());
    forgetLocalSessions();
    expect(await reading).toBe(user.id);
    await dropRow(idHash);
    expect(await lookups.userIdOf(idHash, new Date())).toBeNull();
  });

  it('keeps at most its entry count, the oldest going first', async () => {
    const user = await a.make.user();
    const lookups = createSessionLookups(a.db, { maxEntries: 2 });
    const hashes = [await liveSession(user.id), await liveSession(user.id), await liveSession(user.id)];
    for (const idHash of hashes) expect(await lookups.userIdOf(idHash, new Date())).toBe(user.id);
    for (const idHash of hashes) await dropRow(idHash);
    expect(await lookups.userIdOf(hashes[0]!, new Date())).toBeNull();
    expect(await lookups.userIdOf(hashes[2]!, new Date())).toBe(user.id);
  });
});

describe.skipIf(!redisUrl)('the sessions channel on Redis', () => {
  const opened: InvalidationBus[] = [];
  afterAll(() => Promise.all(opened.map((bus) => bus.close())));
  const open = () => {
    const bus = createInvalidationBus(redisUrl, SESSION_INVALIDATION_CHANNEL);
    opened.push(bus);
    return bus;
  };

  it('is told of every session end, so instances in other processes and admin commands reach each other', async () => {
    const listener = open();
    let heard = 0;
    await listener.subscribe(() => heard++);
    const ada = await account();
    await ada.browser.post('/v3/logout/');
    // The logout answered once Redis had sent the clear on; its delivery here follows.
    await expect.poll(() => heard, { timeout: 1000 }).toBeGreaterThanOrEqual(1);
  });

  it('clears the instances’ kept lookups when another process publishes on it', async () => {
    const ada = await account();
    const victim = new TestBrowser(b);
    victim.jar.set(SESSION_COOKIE, (await a.make.sessionCookie(ada.id)).split('=')[1]!);
    expect(await signedIn(victim)).toBe(true);
    // Ended straight in the database, as a process without this one's caches would.
    await a.db.delete(sessions).where(eq(sessions.userId, ada.id));
    expect(await signedIn(victim)).toBe(true);
    await open().publish();
    await expect.poll(() => signedIn(victim), { timeout: 1000 }).toBe(false);
  });
});
