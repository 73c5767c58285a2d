import { randomInt } from 'node:crypto';
import { toE164 } from '@pinboard/shared/settings';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema/users.ts';
import { upsertConfirmedPhone } from '../../src/modules/auth/mfa/mfa.repository.ts';
import { TestBrowser } from './browser.ts';
import type { TestApp } from './test-app.ts';

/**
 * A phone number of its own per call (E.164, a valid US number), so the per-number hourly send
 * cap, which outlives a run in Redis, never reaches another test.
 */
export function uniquePhone(): string {
  for (;;) {
    const e164 = toE164(`+1 415 ${randomInt(200, 1000)} ${String(randomInt(0, 10_000)).padStart(4, '0')}`);
    if (e164) return e164;
  }
}

/** Gives the account a confirmed phone and turns two-factor on, straight in the database. */
export async function enableTwoFactor(t: TestApp, userId: number, phone = uniquePhone()) {
  await upsertConfirmedPhone(t.db, userId, phone, new Date());
  await t.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId));
  return phone;
}

/** The texts sent to a number, newest first, as `/__dev/outbox.json` lists them. */
export async function textsTo(t: TestApp, phone: string): Promise<string[]> {
  await t.app.background.settled();
  const all: { channel: string; to: string; text: string }[] = (
    await t.request({ method: 'GET', url: '/__dev/outbox.json' })
  ).body;
  return all.filter((m) => m.channel === 'sms' && m.to === phone).map((m) => m.text);
}

/** The code in the newest text to a number. */
export async function codeTextedTo(t: TestApp, phone: string): Promise<string> {
  const [newest] = await textsTo(t, phone);
  const match = /Your Pinboard code is (\d{6})\. It expires in 10 minutes\./.exec(newest ?? '');
  if (!match) throw new Error(`no code texted to ${phone}`);
  return match[1]!;
}

/** A browser signed in as the account (a session made straight in the database). */
export async function signedInBrowser(t: TestApp, userId: number): Promise<TestBrowser> {
  const browser = new TestBrowser(t);
  const [name, value] = (await t.make.sessionCookie(userId)).split('=') as [string, string];
  browser.jar.set(name, value);
  return browser;
}
