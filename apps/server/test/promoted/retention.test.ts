import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adTokenUses } from '../../src/db/schema/ad-delivery.ts';
import { createBackground } from '../../src/lib/background.ts';
import { AD_TOKEN_TTL_SECONDS, CONVERSION_WINDOW_SECONDS } from '../../src/modules/promoted/ad-token.ts';
import {
  AD_TOKEN_USE_MARGIN_SECONDS,
  adTokenUsesCutoff,
  deleteAdTokenUsesBefore,
  startAdTokenUsesRetention,
} from '../../src/modules/promoted/retention.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR_MS = 3_600_000;
const nonces = async () =>
  (await t.db.select({ nonce: adTokenUses.nonce, kind: adTokenUses.kind }).from(adTokenUses))
    .map((row) => `${row.nonce}/${row.kind}`)
    .sort();

describe('ad token uses pruning', () => {
  it('deletes the uses older than a token can count, and only those', async () => {
    const now = new Date();
    const cutoff = adTokenUsesCutoff('impression', now);
    expect(now.getTime() - cutoff.getTime()).toBe(
      (AD_TOKEN_TTL_SECONDS + AD_TOKEN_USE_MARGIN_SECONDS) * 1000,
    );
    const at = (ms: number) => new Date(ms);
    await t.db.insert(adTokenUses).values([
      { nonce: 'old', kind: 'impression', usedAt: at(cutoff.getTime() - 1) },
      { nonce: 'older', kind: 'impression', usedAt: at(cutoff.getTime() - HOUR_MS) },
      // A token still alive: its replay must still be refused.
      { nonce: 'young', kind: 'impression', usedAt: at(cutoff.getTime() + 1_000) },
      { nonce: 'now', kind: 'click', usedAt: now },
    ]);
    expect(await deleteAdTokenUsesBefore(t.db, 'impression', cutoff)).toBe(2);
    expect(await nonces()).toEqual(['now/click', 'young/impression']);
    expect(await deleteAdTokenUsesBefore(t.db, 'impression', cutoff)).toBe(0);
    await t.db.execute(sql`delete from ad_token_uses`);
  });

  it('keeps a click’s and a conversion’s use while the landing token may convert', async () => {
    const now = new Date();
    const cutoff = adTokenUsesCutoff('click', now);
    expect(adTokenUsesCutoff('conversion', now)).toEqual(cutoff);
    expect(now.getTime() - cutoff.getTime()).toBe(
      (CONVERSION_WINDOW_SECONDS + AD_TOKEN_USE_MARGIN_SECONDS) * 1000,
    );
    const at = (ms: number) => new Date(ms);
    await t.db.insert(adTokenUses).values([
      // Past a card's six hours, a click still admits its conversion.
      { nonce: 'day', kind: 'click', usedAt: at(now.getTime() - 24 * HOUR_MS) },
      { nonce: 'day', kind: 'conversion', usedAt: at(now.getTime() - 23 * HOUR_MS) },
      { nonce: 'gone', kind: 'click', usedAt: at(cutoff.getTime() - 1) },
      { nonce: 'gone', kind: 'conversion', usedAt: at(cutoff.getTime() - 1) },
    ]);
    expect(await deleteAdTokenUsesBefore(t.db, 'impression', adTokenUsesCutoff('impression', now))).toBe(0);
    expect(await deleteAdTokenUsesBefore(t.db, 'click', cutoff)).toBe(1);
    expect(await deleteAdTokenUsesBefore(t.db, 'conversion', cutoff)).toBe(1);
    expect(await nonces()).toEqual(['day/click', 'day/conversion']);
  });

  it('goes through more than one batch', async () => {
    await t.db.execute(sql`delete from ad_token_uses`);
    await t.db.execute(
      sql`insert into ad_token_uses (nonce, kind, used_at)
        select 'n' || i, 'impression', now() - interval '1 day' from generate_series(1, 12001) i`,
    );
    expect(await deleteAdTokenUsesBefore(t.db, 'impression', adTokenUsesCutoff('impression'))).toBe(12_001);
    expect(await nonces()).toEqual([]);
  });

  it('sweeps in the app’s background tasks, and never when turned off', async () => {
    await t.db.insert(adTokenUses).values([
      { nonce: 'stale', kind: 'impression', usedAt: new Date(0) },
      { nonce: 'stale', kind: 'click', usedAt: new Date(0) },
    ]);
    const background = createBackground({ error: () => {} });
    expect(startAdTokenUsesRetention({ db: t.db, background }, 0)).toBeTypeOf('function');
    const stop = startAdTokenUsesRetention({ db: t.db, background }, 5);
    try {
      for (let i = 0; i < 500 && (await nonces()).some((use) => use.startsWith('stale/')); i += 1)
        await new Promise((resolve) => setTimeout(resolve, 10));
      await background.settled();
    } finally {
      stop();
    }
    expect((await nonces()).filter((use) => use.startsWith('stale/'))).toEqual([]);
  });
});
