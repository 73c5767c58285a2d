import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createInvalidationBus } from '../../src/adapters/invalidation/index.ts';
import { adCharges, adGroupSpendDays, adResultDays, adTokenUses } from '../../src/db/schema/ad-delivery.ts';
import { adGroups, ads, businessMembers, campaigns } from '../../src/db/schema/business.ts';
import { pins } from '../../src/db/schema/pins.ts';
import { todayIn } from '../../src/modules/business/business.presenter.ts';
import { AD_TOKEN_PARAM, PROMOTED_CONVERSIONS_PATH } from '@pinboard/shared/promoted-events';
import { resolveSessionSecret } from '../../src/lib/session-secret.ts';
import { dayFractionIn, PACING_AHEAD_SHARE, promotedSlots } from '../../src/modules/promoted/auction.ts';
import { CONVERSION_WINDOW_SECONDS, createAdTokens } from '../../src/modules/promoted/ad-token.ts';
import { createAdEventQueue, recordAdEvent, recordAdEvents } from '../../src/modules/promoted/spend.ts';
import {
  CANDIDATE_FACTS_TTL_MS,
  CANDIDATE_LIST_MAX_AGE_MS,
  CANDIDATE_LIST_TTL_MS,
  CANDIDATE_PIN_TTL_MS,
  CHECKED_AHEAD_PER_PLACE,
} from '../../src/modules/promoted/serving.ts';
import { clearLocalSignedOutAnswers, clearSignedOutAnswers } from '../../src/lib/signed-out-answers.ts';
import { dataOf, signedInBrowser } from '../helpers/board-writes.ts';
import { quickPromotedPin, type Promotion, type PromotionOptions } from '../helpers/promotion.ts';
import { TestBrowser } from '../helpers/browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { HTML_ACCEPT, writeStandInWebBuild } from '../helpers/web-build.ts';

let t: TestApp;
let fillerBoardId: number;
beforeAll(async () => {
  t = await createTestApp();
  // Enough other public pins for full pages (a promoted card needs nine others around it).
  const filler = await t.make.user();
  const board = await t.make.board(filler.id);
  fillerBoardId = board.id;
  for (let i = 0; i < 30; i += 1) await t.make.pin(filler.id, board.id, { title: `Filler ${i}` });
});
afterAll(() => t.close());

/** A US business promoting a public pin of its own, with `targeting` and a daily budget. */
const promotion = (options: PromotionOptions = {}) => quickPromotedPin(t, options);

/** Stops every promotion but these (tests share one database). */
async function onlyServing(...keep: Promotion[]) {
  const ids = keep.map((p) => p.adId);
  await t.db.execute(
    sql`update ads set status = 'PAUSED' where ${ids.length ? sql`id <> all(${sql.raw(`array[${ids.join(',')}]::int8[]`)})` : sql`true`}`,
  );
  written();
}

/**
 * A write made straight in the database, as an admin command's: the candidate list kept per
 * instance (decision 56) is told, as `clearSignedOutAnswers` tells every instance.
 */
const written = () => clearSignedOutAnswers();

type Card = {
  id: string;
  viewer_saved?: unknown;
  is_promoted?: true;
  promoter?: { name: string; username: string };
  ad_token?: string;
};

async function homeFeed(browser: TestBrowser, query = 'page_size=25'): Promise<Card[]> {
  const response = await browser.get(`/v3/feeds/home/?${query}`);
  expect(response.status).toBe(200);
  return dataOf(response) as Card[];
}

const promotedOf = (cards: Card[]) => cards.filter((card) => card.is_promoted);

/**
 * Signed-in viewers of both kinds of first page: one who follows nobody (their page is walked
 * batch by batch, who is looking read beside it) and one who follows the filler board (a full
 * page in one statement, who is looking read along with it, decision 79).
 */
const FIRST_PAGES = [
  { kind: 'walked', viewer: () => signedInBrowser(t) },
  {
    kind: 'of one statement',
    viewer: async () => {
      const browser = await signedInBrowser(t);
      expect((await browser.put(`/v3/boards/${fillerBoardId}/follow/`)).status).toBe(200);
      return browser;
    },
  },
];

describe('promoted pins in the home feed and search', () => {
  it('a visitor and a signed-in person see the promoted pin at the 5th card, marked with its promoter', async () => {
    const p = await promotion();
    await onlyServing(p);
    for (const browser of [new TestBrowser(t), await signedInBrowser(t)]) {
      const cards = await homeFeed(browser);
      // The promoted pin, new, was on the page anyway: it shows once, as the promoted card.
      expect(cards).toHaveLength(25);
      const index = cards.findIndex((card) => card.is_promoted);
      expect(index).toBe(4);
      expect(cards[index]).toMatchObject({ id: p.pinId, promoter: { name: 'Oven Co' } });
      expect(cards[index]!.ad_token).toMatch(/\./);
      expect(promotedOf(cards)).toHaveLength(1);
      // The same pin does not appear twice on the page.
      expect(cards.filter((card) => card.id === p.pinId)).toHaveLength(1);
    }
  });

  it.each(FIRST_PAGES)(
    'never to the advertiser’s own people, and never a pin the viewer hid ($kind page)',
    async ({ viewer: signIn }) => {
      const p = await promotion();
      await onlyServing(p);
      expect(promotedOf(await homeFeed(p.browser))).toEqual([]);
      const member = await signIn();
      await t.db
        .insert(businessMembers)
        .values({ profileId: p.browser.userId, memberId: member.userId, role: 'ANALYST' });
      expect(promotedOf(await homeFeed(member))).toEqual([]);
      const viewer = await signIn();
      expect(promotedOf(await homeFeed(viewer))).toHaveLength(1);
      expect((await viewer.put(`/v3/pins/${p.pinId}/hide/`)).status).toBe(200);
      expect(promotedOf(await homeFeed(viewer))).toEqual([]);
    },
  );

  it.each(FIRST_PAGES)(
    'a promoted card says where the viewer saved its picture, as the page’s own cards do ($kind page)',
    async ({ viewer: signIn }) => {
      const p = await promotion();
      await onlyServing(p);
      const viewer = await signIn();
      const [card] = promotedOf(await homeFeed(viewer));
      expect(card).toMatchObject({ id: p.pinId, viewer_saved: null });
      const [promoted] = await t.db
        .select({ imageId: pins.imageId })
        .from(pins)
        .where(eq(pins.id, Number(p.pinId)));
      const bread = await t.make.board(viewer.userId, { name: 'Bread' });
      const copy = await t.make.pin(viewer.userId, bread.id, { imageId: promoted!.imageId });
      const [saved] = promotedOf(await homeFeed(viewer));
      expect(saved).toMatchObject({
        id: p.pinId,
        viewer_saved: { pin_id: String(copy.id), board_id: String(bread.id), board_name: 'Bread' },
      });
    },
  );

  it('never a pin the viewer cannot see (a board turned secret) and not once paused', async () => {
    const p = await promotion();
    await onlyServing(p);
    const viewer = await signedInBrowser(t);
    expect(promotedOf(await homeFeed(viewer))).toHaveLength(1);
    // Even were the review not to reject it, serving checks the pin is visible: its owner's change
    // clears the kept candidate list, and the next page has no promoted card.
    const privacy = (value: string) => p.browser.patch(`/v3/boards/${p.boardId}/`, { privacy: value });
    expect((await privacy('secret')).status).toBe(200);
    expect(promotedOf(await homeFeed(viewer))).toEqual([]);
    expect((await privacy('public')).status).toBe(200);
    expect(promotedOf(await homeFeed(viewer))).toHaveLength(1);
    // Paused through the API: the next page served has no promoted card (no second's wait).
    const paused = await p.browser.patch(`/ads/v4/advertisers/${p.advertiserId}/campaigns/${p.campaignId}/`, {
      status: 'PAUSED',
    });
    expect(dataOf(paused).status).toBe('PAUSED');
    expect(promotedOf(await homeFeed(viewer))).toEqual([]);
  });

  it('a pin deleted by its pinner stops serving on the next page', async () => {
    const p = await promotion();
    await onlyServing(p);
    const viewer = await signedInBrowser(t);
    expect(promotedOf(await homeFeed(viewer))).toHaveLength(1);
    expect((await p.browser.del(`/v3/pins/${p.pinId}/`)).status).toBeLessThan(300);
    expect(promotedOf(await homeFeed(viewer))).toEqual([]);
  });

  it('a winner the viewer may not see gives way to the next bidder', async () => {
    const hidden = await promotion({ title: 'Secret loaf' });
    const next = await promotion({ title: 'Open loaf' });
    await t.db.update(adGroups).set({ bidMicro: 900_000 }).where(eq(adGroups.id, hidden.adGroupId));
    await t.db.update(adGroups).set({ bidMicro: 10_000 }).where(eq(adGroups.id, next.adGroupId));
    await onlyServing(hidden, next);
    await t.db.execute(sql`update boards set privacy = 'secret' where id = ${hidden.boardId}`);
    const cards = promotedOf(await homeFeed(await signedInBrowser(t)));
    expect(cards.map((c) => c.id)).toEqual([next.pinId]);
  });

  it('past the candidates checked ahead, a winner is still one the viewer may see and did not hide', async () => {
    // More ads than are checked while who is looking is read outbid the rest but reach only women.
    const ahead = (promotedSlots(25).length + 1) * CHECKED_AHEAD_PER_PLACE;
    const forWomen: Promotion[] = [];
    for (let i = 0; i <= ahead; i += 1) {
      const p = await promotion({ targeting: { genders: ['female'] }, auto: false, title: `Loaf ${i}` });
      await t.db.update(adGroups).set({ bidMicro: 900_000 }).where(eq(adGroups.id, p.adGroupId));
      forWomen.push(p);
    }
    const hid = await promotion({ title: 'Hidden loaf' });
    const secret = await promotion({ title: 'Secret loaf' });
    const open = await promotion({ title: 'Open loaf' });
    for (const [p, bid] of [
      [hid, 500_000],
      [secret, 400_000],
      [open, 10_000],
    ] as const)
      await t.db.update(adGroups).set({ bidMicro: bid }).where(eq(adGroups.id, p.adGroupId));
    await onlyServing(...forWomen, hid, secret, open);
    await t.db.execute(sql`update boards set privacy = 'secret' where id = ${secret.boardId}`);
    const man = await signedInBrowser(t, (await t.make.user({ gender: 'male' })).id);
    expect((await man.put(`/v3/pins/${hid.pinId}/hide/`)).status).toBe(200);
    expect(promotedOf(await homeFeed(man)).map((c) => c.id)).toEqual([open.pinId]);
    const woman = await signedInBrowser(t, (await t.make.user({ gender: 'female' })).id);
    const theirs = promotedOf(await homeFeed(woman)).map((c) => c.id);
    expect(theirs).toHaveLength(2);
    expect(forWomen.map((p) => p.pinId)).toEqual(expect.arrayContaining(theirs));
  });

  it('matches targeting: gender and age from the profile, interests without auto-targeting', async () => {
    const p = await promotion({ targeting: { genders: ['female'], interests: ['baking'] }, auto: false });
    await onlyServing(p);
    const woman = await signedInBrowser(t, (await t.make.user({ gender: 'female' })).id);
    const man = await signedInBrowser(t, (await t.make.user({ gender: 'male' })).id);
    expect(promotedOf(await homeFeed(woman))).toEqual([]); // no interest in baking yet
    expect((await woman.put('/v3/users/me/interests/', { interests: ['baking'] })).status).toBeLessThan(300);
    expect(promotedOf(await homeFeed(woman))).toHaveLength(1);
    expect(promotedOf(await homeFeed(man))).toEqual([]);
    // A visitor's gender is unknown: without auto-targeting, not reached.
    expect(promotedOf(await homeFeed(new TestBrowser(t)))).toEqual([]);
  });

  it('chooses by second price among matching ads and shows them in search when the query names them', async () => {
    const low = await promotion({ title: 'Rye bread' });
    const high = await promotion({ title: 'Rye crackers' });
    await t.db.update(adGroups).set({ bidMicro: 50_000 }).where(eq(adGroups.id, low.adGroupId));
    await t.db.update(adGroups).set({ bidMicro: 90_000 }).where(eq(adGroups.id, high.adGroupId));
    await onlyServing(low, high);
    const viewer = await signedInBrowser(t);
    const cards = promotedOf(await homeFeed(viewer));
    expect(cards.map((c) => c.id)).toEqual([high.pinId, low.pinId]);
    // Enough results for a slot: the filler pins and the crackers.
    const search = await viewer.get('/v3/search/pins/?q=filler%20or%20crackers&page_size=25');
    const results = dataOf(search).results as Card[];
    expect(promotedOf(results).map((c) => c.id)).toContain(high.pinId);
    expect(promotedOf(results).map((c) => c.id)).not.toContain(low.pinId);
  });

  it('a winner hidden by the viewer, turned secret or of a suspended pinner never serves on the next page, in the feed or search', async () => {
    const search = async (browser: TestBrowser) => {
      const response = await browser.get('/v3/search/pins/?q=filler%20or%20crackers&page_size=25');
      expect(response.status).toBe(200);
      return promotedOf(dataOf(response).results as Card[]);
    };
    for (const change of ['hidden', 'secret', 'suspended'] as const) {
      const p = await promotion({ title: 'Rye crackers' });
      await onlyServing(p);
      const viewer = await signedInBrowser(t);
      expect((await homeFeed(viewer)).map((c) => c.is_promoted && c.id)).toContain(p.pinId);
      expect((await search(viewer)).map((c) => c.id)).toEqual([p.pinId]);
      // The viewer's own hide is asked about on every page; the owner's change, and a suspension
      // (an admin command: straight in the database, then the clear), clear the kept list.
      if (change === 'hidden') expect((await viewer.put(`/v3/pins/${p.pinId}/hide/`)).status).toBe(200);
      if (change === 'secret')
        expect((await p.browser.patch(`/v3/boards/${p.boardId}/`, { privacy: 'secret' })).status).toBe(200);
      if (change === 'suspended') {
        await t.db.execute(sql`update users set status = 'suspended' where id = ${p.browser.userId}`);
        written();
      }
      expect(promotedOf(await homeFeed(viewer))).toEqual([]);
      expect(await search(viewer)).toEqual([]);
    }
  });

  it('a page shorter than asked gets only its own slots, the first winners of the same auction', async () => {
    const ps = [];
    for (const bid of [90_000, 70_000, 50_000]) {
      const p = await promotion({ title: `Rye ${bid}` });
      await t.db.update(adGroups).set({ bidMicro: bid }).where(eq(adGroups.id, p.adGroupId));
      ps.push(p);
    }
    await onlyServing(...ps);
    const viewer = await signedInBrowser(t);
    const full = promotedOf(await homeFeed(viewer));
    expect(full.map((c) => c.id)).toEqual([ps[0]!.pinId, ps[1]!.pinId]);
    // Search asked for 25 but finds only the filler pins and one loaf: one slot, the top bidder.
    const response = await viewer.get('/v3/search/pins/?q=filler%20or%20rye&page_size=25');
    const results = dataOf(response).results as Card[];
    expect(results.length).toBeLessThan(40);
    const slots = promotedSlots(results.filter((c) => !c.is_promoted).length).length;
    expect(promotedOf(results)).toHaveLength(slots);
    expect(promotedOf(results)[0]!.id).toBe(ps[0]!.pinId);
    // Fewer than nine cards asked for: no slot, no promoted card.
    expect(promotedOf(await homeFeed(viewer, 'page_size=8'))).toEqual([]);
  });

  it('stops serving an ad group that has spent its day or runs ahead of pace', async () => {
    const p = await promotion();
    await onlyServing(p);
    const viewer = await signedInBrowser(t);
    const day = todayIn(p.timeZone);
    const budget = 7_000_000;
    const allowed = Math.min(1, dayFractionIn(p.timeZone, new Date()) + PACING_AHEAD_SHARE) * budget;
    await t.db
      .insert(adGroupSpendDays)
      .values({ adGroupId: p.adGroupId, day, spentMicro: Math.floor(allowed) - 1 });
    written();
    expect(promotedOf(await homeFeed(viewer))).toHaveLength(1);
    // A minute's worth past the pace line (the line moves on as the day goes).
    const ahead = Math.min(budget, Math.ceil(allowed) + Math.ceil(budget / 1440));
    await t.db
      .update(adGroupSpendDays)
      .set({ spentMicro: ahead })
      .where(and(eq(adGroupSpendDays.adGroupId, p.adGroupId), eq(adGroupSpendDays.day, day)));
    written();
    expect(promotedOf(await homeFeed(viewer))).toEqual([]);
  });
});

describe('the candidate list kept per instance', () => {
  afterEach(() => vi.useRealTimers());

  it('a change made without a clear (spend, a write in the database) shows once the list is a second old', async () => {
    const p = await promotion();
    await onlyServing(p);
    const viewer = await signedInBrowser(t);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect(promotedOf(await homeFeed(viewer))).toHaveLength(1);
    await t.db.update(campaigns).set({ status: 'ARCHIVED' }).where(eq(campaigns.id, p.campaignId));
    // The list read a moment ago is the same for everyone and still young: it serves.
    expect(promotedOf(await homeFeed(viewer))).toHaveLength(1);
    // A second old, it is read again in the background; the pages after the read have none.
    vi.setSystemTime(Date.now() + CANDIDATE_LIST_TTL_MS);
    await vi.waitFor(async () => expect(promotedOf(await homeFeed(viewer))).toEqual([]), {
      timeout: 10_000,
      interval: 20,
    });
  });

  it('an ad’s definition edited straight in the database shows within its life; its pin’s text within the facts’ age', async () => {
    const targeted = await promotion({ title: 'Rye bread' });
    const renamed = await promotion({ title: 'Rye crackers' });
    await onlyServing(targeted, renamed);
    const viewer = await signedInBrowser(t);
    const searched = async () => {
      const response = await viewer.get('/v3/search/pins/?q=filler%20or%20spelt&page_size=25');
      expect(response.status).toBe(200);
      return promotedOf(dataOf(response).results as Card[]).map((card) => card.id);
    };
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect(promotedOf(await homeFeed(viewer)).map((card) => card.id)).toContain(targeted.pinId);
    expect(await searched()).toEqual([]);
    // Neither write is followed by a clear.
    await t.db
      .update(adGroups)
      .set({ targeting: { locations: ['GB'] } })
      .where(eq(adGroups.id, targeted.adGroupId));
    await t.db
      .update(pins)
      .set({ title: 'Spelt crackers', updatedAt: sql`now() + interval '1 second'` })
      .where(eq(pins.id, Number(renamed.pinId)));
    // Once the pins' versions are read again, the pin's new text matches a search at once...
    vi.setSystemTime(Date.now() + CANDIDATE_FACTS_TTL_MS);
    await vi.waitFor(async () => expect(await searched()).toEqual([renamed.pinId]), {
      timeout: 10_000,
      interval: 20,
    });
    // ...while the other ad serves by its kept definition until that is read again.
    expect(promotedOf(await homeFeed(viewer)).map((card) => card.id)).toContain(targeted.pinId);
    vi.setSystemTime(Date.now() + CANDIDATE_PIN_TTL_MS);
    await vi.waitFor(
      async () => expect(promotedOf(await homeFeed(viewer)).map((card) => card.id)).toEqual([renamed.pinId]),
      { timeout: 10_000, interval: 20 },
    );
  });

  it('an ad the last read of the pins’ facts did not cover serves a second later, its pin read at once', async () => {
    const serving = await promotion({ title: 'Rye bread' });
    const paused = await promotion({ title: 'Spelt crackers' });
    await onlyServing(serving);
    const viewer = await signedInBrowser(t);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect(promotedOf(await homeFeed(viewer)).map((card) => card.id)).toEqual([serving.pinId]);
    // Made active straight in the database, no clear: the once-a-second read finds an ad the
    // pins' facts (read a moment ago, young) know nothing of, and reads them again with it.
    await t.db.update(ads).set({ status: 'ACTIVE' }).where(eq(ads.id, paused.adId));
    await t.db.update(ads).set({ status: 'PAUSED' }).where(eq(ads.id, serving.adId));
    // (The held clock still moves with real time: the wait ends well before the facts age out.)
    vi.setSystemTime(Date.now() + CANDIDATE_LIST_TTL_MS);
    await vi.waitFor(
      async () => expect(promotedOf(await homeFeed(viewer)).map((card) => card.id)).toEqual([paused.pinId]),
      { timeout: CANDIDATE_FACTS_TTL_MS / 2, interval: 20 },
    );
  });

  it('a list past its longest age is never served: the page waits for the new one', async () => {
    const p = await promotion();
    await onlyServing(p);
    const viewer = await signedInBrowser(t);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect(promotedOf(await homeFeed(viewer))).toHaveLength(1);
    await t.db.update(ads).set({ status: 'PAUSED' }).where(eq(ads.id, p.adId));
    vi.setSystemTime(Date.now() + CANDIDATE_LIST_MAX_AGE_MS);
    expect(promotedOf(await homeFeed(viewer))).toEqual([]);
  });

  it('another instance’s change reaches this one through the invalidation bus', async () => {
    const p = await promotion();
    await onlyServing(p);
    const viewer = await signedInBrowser(t);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect(promotedOf(await homeFeed(viewer))).toHaveLength(1);
    // Another instance pauses the ad group and publishes its clear; this one's list is young.
    await t.db.update(adGroups).set({ status: 'PAUSED' }).where(eq(adGroups.id, p.adGroupId));
    expect(promotedOf(await homeFeed(viewer))).toHaveLength(1);
    const redisUrl = process.env.REDIS_URL;
    if (redisUrl) {
      // An instance listening on Redis, as in production; another publishes its clear there.
      const listening = await createTestApp({ db: t.db, env: { REDIS_URL: redisUrl } });
      const other = createInvalidationBus(redisUrl);
      try {
        await other.publish();
        await vi.waitFor(async () => expect(promotedOf(await homeFeed(viewer))).toEqual([]), {
          timeout: 10_000,
          interval: 20,
        });
      } finally {
        await other.close();
        await listening.close();
      }
    } else {
      // In one process the bus is in-process: what a received invalidation calls.
      clearLocalSignedOutAnswers();
      expect(promotedOf(await homeFeed(viewer))).toEqual([]);
    }
  });

  it('says what choosing took on a signed-in home feed page', async () => {
    const p = await promotion();
    await onlyServing(p);
    const response = await (await signedInBrowser(t)).get('/v3/feeds/home/?page_size=25');
    expect(response.headers['server-timing']).toMatch(/^promoted;dur=\d+\.\d\d$/);
  });
});

describe('POST /v3/promoted/events/ and clicks', () => {
  it('counts an impression once per token and charges CPM delivery into the ledger and the hub', async () => {
    const p = await promotion();
    await t.db.update(campaigns).set({ objective: 'CATALOG_SALES' }).where(eq(campaigns.id, p.campaignId));
    await onlyServing(p);
    const visitor = new TestBrowser(t);
    const [card] = promotedOf(await homeFeed(visitor));
    const events = { events: [{ ad_token: card!.ad_token!, type: 'impression' }] };
    expect(dataOf(await visitor.post('/v3/promoted/events/', events))).toEqual({ accepted: 1, refused: 0 });
    // Replayed: refused.
    expect(dataOf(await visitor.post('/v3/promoted/events/', events))).toEqual({ accepted: 0, refused: 1 });
    const charges = await t.db.select().from(adCharges).where(eq(adCharges.adId, p.adId));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ kind: 'impression' });
    expect(charges[0]!.amountMicro).toBeGreaterThan(0);
    const hub = dataOf(await p.browser.get(`/v3/business/${p.browser.userId}/hub/`));
    expect(hub.spend).toEqual([{ currency: 'USD', spend_in_micro_currency: charges[0]!.amountMicro }]);
  });

  it('refuses a tampered token and one served to someone else', async () => {
    const p = await promotion();
    await onlyServing(p);
    const viewer = await signedInBrowser(t);
    const [card] = promotedOf(await homeFeed(viewer));
    const token = card!.ad_token!;
    const [payload, mac] = token.split('.') as [string, string];
    const tampered = `${payload.slice(0, -2)}${payload.endsWith('AA') ? 'AB' : 'AA'}.${mac}`;
    const other = await signedInBrowser(t);
    expect(
      dataOf(await other.post('/v3/promoted/events/', { events: [{ ad_token: token, type: 'impression' }] })),
    ).toEqual({ accepted: 0, refused: 1 });
    expect(
      dataOf(
        await viewer.post('/v3/promoted/events/', { events: [{ ad_token: tampered, type: 'impression' }] }),
      ),
    ).toEqual({ accepted: 0, refused: 1 });
    const [ad] = await t.db.select({ impressions: ads.impressions }).from(ads).where(eq(ads.id, p.adId));
    expect(ad!.impressions).toBe(0);
    // Bad input changes nothing and gets a clear answer.
    const bad = await viewer.post('/v3/promoted/events/', { events: [] });
    expect(bad.status).toBe(400);
  });

  it('charges a CONSIDERATION ad per click through the offsite check, once per token', async () => {
    // Quick promote's default objective is CONSIDERATION.
    const p = await promotion();
    await onlyServing(p);
    const viewer = await signedInBrowser(t);
    const [card] = promotedOf(await homeFeed(viewer));
    const token = card!.ad_token!;
    // Impressions of per-click delivery are counted, not charged.
    await viewer.post('/v3/promoted/events/', { events: [{ ad_token: token, type: 'impression' }] });
    expect(await t.db.select().from(adCharges).where(eq(adCharges.adId, p.adId))).toEqual([]);
    const click = {
      third_party_ad: true,
      ad_token: token,
      url: 'https://oven.example.com/bread',
      check_only: true,
    };
    const first = await viewer.post('/v3/offsite/', click);
    expect(dataOf(first).redirect_status).toBe('safe');
    await viewer.post('/v3/offsite/', click);
    const charges = await t.db.select().from(adCharges).where(eq(adCharges.adId, p.adId));
    expect(charges.map((c) => c.kind)).toEqual(['click']);
    expect(charges[0]!.amountMicro).toBeGreaterThan(0);
    const [ad] = await t.db.select({ clicks: ads.clicks }).from(ads).where(eq(ads.id, p.adId));
    expect(ad!.clicks).toBe(1);
  });
});

describe('POST /v3/promoted/conversions/: WEB_CONVERSION pays per conversion', () => {
  afterEach(() => vi.useRealTimers());

  const SHOP = 'https://oven.example.com';
  /** What `fetch` sends with a string body and no content type: the snippet's call. */
  const SNIPPET_TYPE = 'text/plain;charset=UTF-8';
  /** The conversion tag's call from the advertiser's site: another origin, no cookies. */
  const convert = (events: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: PROMOTED_CONVERSIONS_PATH,
      headers: { origin: SHOP, 'content-type': 'application/json', ...headers },
      payload: typeof events === 'string' ? events : JSON.stringify(events),
    });
  const tokens = () => createAdTokens(resolveSessionSecret(undefined, t.dataDir));

  /** A conversion promotion served alone (its target per conversion set) and a viewer with its card. */
  async function servedConversionAd(event = 'CHECKOUT', targetMicro = 2_000_000) {
    const p = await promotion({ conversionEvent: event });
    await t.db.update(adGroups).set({ bidMicro: targetMicro }).where(eq(adGroups.id, p.adGroupId));
    await onlyServing(p);
    const viewer = await signedInBrowser(t);
    const [card] = promotedOf(await homeFeed(viewer));
    expect(card!.id).toBe(p.pinId);
    return { p, viewer, cardToken: card!.ad_token! };
  }

  /** The click-through: the offsite check counts the click and answers the link with the landing token. */
  async function clickThrough(viewer: TestBrowser, adToken: string) {
    const check = dataOf(
      await viewer.post('/v3/offsite/', {
        third_party_ad: true,
        ad_token: adToken,
        url: `${SHOP}/bread`,
        check_only: true,
      }),
    );
    expect(check.redirect_status).toBe('safe');
    return { check, landing: new URL(check.url as string).searchParams.get(AD_TOKEN_PARAM) };
  }

  const chargesOf = (p: Promotion) => t.db.select().from(adCharges).where(eq(adCharges.adId, p.adId));

  it('hands the clicked token to the destination page, and counts its conversion once, charged per conversion', async () => {
    const { p, viewer, cardToken } = await servedConversionAd();
    // Impressions and clicks of a conversion ad cost nothing.
    await viewer.post('/v3/promoted/events/', { events: [{ ad_token: cardToken, type: 'impression' }] });
    const { check, landing } = await clickThrough(viewer, cardToken);
    expect(check.url).toMatch(/^https:\/\/oven\.example\.com\/bread\?pb_ad_token=/);
    // The landing token does not name the viewer (only the card's does).
    expect(landing).not.toBeNull();
    expect(landing).not.toBe(cardToken);
    expect(Buffer.from(landing!.split('.')[0]!, 'base64url').toString()).not.toContain(`u:${viewer.userId}`);
    // The hop opens the link as checked, token included.
    const hop = await viewer.get(`/offsite/?${new URLSearchParams({ token: check.token, url: check.url })}`);
    expect(hop.status).toBe(302);
    expect(hop.headers.location).toBe(check.url);
    expect(await chargesOf(p)).toEqual([]);

    const event = { conversion_tag_id: p.conversionTagId, event: 'CHECKOUT', ad_token: landing };
    // Sent as the snippet sends it: JSON in a text body.
    const answer = await convert({ events: [event] }, { 'content-type': SNIPPET_TYPE });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.json().resource_response.data).toEqual({ accepted: 1, refused: 0 });
    // Once per token.
    expect((await convert({ events: [event] })).json().resource_response.data).toEqual({
      accepted: 0,
      refused: 1,
    });

    const charges = await chargesOf(p);
    expect(charges.map((c) => c.kind)).toEqual(['conversion']);
    // Alone in the auction, it pays the reserve: 10 % of its target per conversion.
    expect(charges[0]!.amountMicro).toBe(200_000);
    const [ad] = await t.db
      .select({ impressions: ads.impressions, clicks: ads.clicks, conversions: ads.conversions })
      .from(ads)
      .where(eq(ads.id, p.adId));
    expect(ad).toEqual({ impressions: 1, clicks: 1, conversions: 1 });
    const [day] = await t.db.select().from(adResultDays).where(eq(adResultDays.adId, p.adId));
    expect(day).toMatchObject({ impressions: 1, clicks: 1, conversions: 1 });
    // A per-click ad's link is left as it is.
    const plain = await promotion();
    await onlyServing(plain);
    const other = await signedInBrowser(t);
    const [card] = promotedOf(await homeFeed(other));
    expect((await clickThrough(other, card!.ad_token!)).landing).toBeNull();
  });

  it('pays the second price turned into a price per conversion, never more than its target', async () => {
    const p = await promotion({ conversionEvent: 'CHECKOUT', title: 'Rye loaf' });
    const clicks = await promotion({ title: 'Rye rolls' });
    // Worth per click: 2,000,000 × 1/20 = 100,000 beats a click bid of 50,000.
    await t.db.update(adGroups).set({ bidMicro: 2_000_000 }).where(eq(adGroups.id, p.adGroupId));
    await t.db.update(adGroups).set({ bidMicro: 50_000 }).where(eq(adGroups.id, clicks.adGroupId));
    await onlyServing(p, clicks);
    const viewer = await signedInBrowser(t);
    const cards = promotedOf(await homeFeed(viewer));
    expect(cards.map((c) => c.id)).toEqual([p.pinId, clicks.pinId]);
    const { landing } = await clickThrough(viewer, cards[0]!.ad_token!);
    const event = { conversion_tag_id: p.conversionTagId, event: 'CHECKOUT', ad_token: landing };
    expect((await convert({ events: [event] })).json().resource_response.data).toEqual({
      accepted: 1,
      refused: 0,
    });
    // The runner-up's 50,000 × 1 % per view, over 1 % × 5 %: 1,000,000 per conversion.
    const [charge] = await chargesOf(p);
    expect(charge!.amountMicro).toBe(1_000_000);
    expect(charge!.amountMicro).toBeLessThanOrEqual(2_000_000);
  });

  it('refuses a conversion before its click, for another tag or event, and a tampered, expired or card token', async () => {
    const { p, viewer, cardToken } = await servedConversionAd();
    const claims = tokens().verify(cardToken, new Date())!;
    const unclicked = tokens().landing(claims);
    const tag = p.conversionTagId!;
    const otherTag = dataOf(
      await p.browser.post(`/ads/v4/advertisers/${p.advertiserId}/conversion_tags/`, { name: 'Other' }),
    ).id as string;
    const refusedAll = async (events: unknown[]) =>
      expect((await convert({ events })).json().resource_response.data).toEqual({
        accepted: 0,
        refused: events.length,
      });
    // Its click not counted yet.
    await refusedAll([{ conversion_tag_id: tag, event: 'CHECKOUT', ad_token: unclicked }]);
    const { landing } = await clickThrough(viewer, cardToken);
    expect(landing).toBe(unclicked);
    const [payload, mac] = landing!.split('.') as [string, string];
    const tampered = `${payload.slice(0, -2)}${payload.endsWith('AA') ? 'AB' : 'AA'}.${mac}`;
    await refusedAll([
      { conversion_tag_id: otherTag, event: 'CHECKOUT', ad_token: landing },
      { conversion_tag_id: tag, event: 'SIGNUP', ad_token: landing },
      { conversion_tag_id: tag, event: 'CHECKOUT', ad_token: tampered },
      // The card's own token names its viewer: it counts impressions and clicks, never conversions.
      { conversion_tag_id: tag, event: 'CHECKOUT', ad_token: cardToken },
    ]);
    // Past the conversion window.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + CONVERSION_WINDOW_SECONDS * 1000 });
    await refusedAll([{ conversion_tag_id: tag, event: 'CHECKOUT', ad_token: landing }]);
    vi.useRealTimers();
    expect(await chargesOf(p)).toEqual([]);
    // None of those used the token up; one bad event never fails the batch.
    const batch = await convert({
      events: [
        { conversion_tag_id: tag, event: 'CHECKOUT', ad_token: tampered },
        { conversion_tag_id: tag, event: 'CHECKOUT', ad_token: landing },
      ],
    });
    expect(batch.json().resource_response.data).toEqual({ accepted: 1, refused: 1 });
    expect((await chargesOf(p)).map((c) => c.kind)).toEqual(['conversion']);
  });

  it('answers any site: its preflight, and bad input refused in the envelope, never a 5xx', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: PROMOTED_CONVERSIONS_PATH,
      headers: {
        origin: SHOP,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'content-type',
    });
    const good = { conversion_tag_id: '1', event: 'CHECKOUT', ad_token: 'x.y' };
    for (const body of [
      { events: [] },
      { events: [{ ...good, event: 'BUY' }] },
      { events: [{ ...good, conversion_tag_id: 'one' }] },
      { events: [{ ...good, ad_token: '' }] },
      { events: Array.from({ length: 51 }, () => good) },
      { events: [good], extra: true },
      '{"events": [',
      'null',
      '',
      '{"__proto__": {"events": []}}',
    ]) {
      // As JSON, and as the snippet sends it: JSON in a text body, which needs no preflight.
      for (const type of ['application/json', SNIPPET_TYPE]) {
        const answer = await convert(body, { 'content-type': type });
        expect(answer.statusCode, `${type} ${JSON.stringify(body)}`).toBe(400);
        expect(answer.headers['access-control-allow-origin']).toBe('*');
        expect(answer.json().resource_response.error.code).toBeTypeOf('string');
      }
    }
    // A token that is no token: refused, not an error.
    for (const type of ['application/json', SNIPPET_TYPE]) {
      const answer = await convert({ events: [good] }, { 'content-type': type });
      expect(answer.json().resource_response.data).toEqual({ accepted: 0, refused: 1 });
    }
  });
});

describe('the daily budget is never overspent', () => {
  it.each(['impression', 'conversion'] as const)(
    '100 %s charges at once against the last of it spend exactly what fits',
    async (kind) => {
      // Per impression (CATALOG_SALES pays CPM), or per conversion of clicked views (WEB_CONVERSION).
      const p = await promotion({
        budget: 5_000_000,
        ...(kind === 'conversion' ? { conversionEvent: 'CHECKOUT' } : {}),
      });
      if (kind === 'impression')
        await t.db
          .update(campaigns)
          .set({ objective: 'CATALOG_SALES' })
          .where(eq(campaigns.id, p.campaignId));
      const day = todayIn(p.timeZone);
      // 100 micro-units left; each charge costs 3: 33 fit, leaving 1.
      await t.db.insert(adGroupSpendDays).values({ adGroupId: p.adGroupId, day, spentMicro: 4_999_900 });
      const nonceOf = (i: number) => `race-${p.adId}-${i}`;
      if (kind === 'conversion') {
        await t.db
          .insert(adTokenUses)
          .values(Array.from({ length: 100 }, (_, i) => ({ nonce: nonceOf(i), kind: 'click' as const })));
      }
      const event =
        kind === 'impression'
          ? kind
          : ({ kind, conversionTagId: Number(p.conversionTagId), event: 'CHECKOUT' } as const);
      const now = new Date();
      const outcomes = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          recordAdEvent(
            t.db,
            {
              adId: p.adId,
              mode: kind === 'impression' ? 'cpm' : 'cpa',
              priceMicro: 3,
              issuedAt: 0,
              nonce: nonceOf(i),
            },
            event,
            now,
          ),
        ),
      );
      expect(outcomes.filter((o) => o === 'charged')).toHaveLength(33);
      const [row] = await t.db
        .select()
        .from(adGroupSpendDays)
        .where(and(eq(adGroupSpendDays.adGroupId, p.adGroupId), eq(adGroupSpendDays.day, day)));
      expect(row!.spentMicro).toBe(4_999_999);
      const ledger = await t.db.select().from(adCharges).where(eq(adCharges.adId, p.adId));
      expect(ledger.reduce((sum, c) => sum + c.amountMicro, 0)).toBe(99);
      expect(new Set(ledger.map((c) => c.kind))).toEqual(new Set([kind]));
      const [campaign] = await t.db.select().from(campaigns).where(eq(campaigns.id, p.campaignId));
      expect(campaign!.spendMicro).toBe(99);
      const [ad] = await t.db
        .select({ impressions: ads.impressions, conversions: ads.conversions })
        .from(ads)
        .where(eq(ads.id, p.adId));
      expect(kind === 'impression' ? ad!.impressions : ad!.conversions).toBe(100);
    },
  );

  /** A CPM promotion with `left` micro-units of its day's budget left; tokens for its views at 3 each. */
  async function lastOfTheDay(left: number) {
    const p = await promotion({ budget: 5_000_000 });
    await t.db.update(campaigns).set({ objective: 'CATALOG_SALES' }).where(eq(campaigns.id, p.campaignId));
    const day = todayIn(p.timeZone);
    await t.db.insert(adGroupSpendDays).values({ adGroupId: p.adGroupId, day, spentMicro: 5_000_000 - left });
    const view = (nonce: string) => ({
      token: { adId: p.adId, mode: 'cpm' as const, priceMicro: 3, issuedAt: 0, nonce: `${p.adId}-${nonce}` },
      event: 'impression' as const,
    });
    const spent = async () => {
      const [row] = await t.db
        .select()
        .from(adGroupSpendDays)
        .where(and(eq(adGroupSpendDays.adGroupId, p.adGroupId), eq(adGroupSpendDays.day, day)));
      const ledger = await t.db.select().from(adCharges).where(eq(adCharges.adId, p.adId));
      const [campaign] = await t.db.select().from(campaigns).where(eq(campaigns.id, p.campaignId));
      return {
        day: row!.spentMicro,
        ledger: ledger.reduce((sum, c) => sum + c.amountMicro, 0),
        campaign: campaign!.spendMicro,
      };
    };
    return { p, view, spent };
  }

  it('a batch of 100 impressions against the last of it charges the ones that fit, in its order', async () => {
    const { view, spent } = await lastOfTheDay(100);
    const outcomes = await recordAdEvents(
      t.db,
      Array.from({ length: 100 }, (_, i) => view(`b${i}`)),
      new Date(),
    );
    expect(outcomes.slice(0, 33)).toEqual(Array(33).fill('charged'));
    expect(outcomes.slice(33)).toEqual(Array(67).fill('counted'));
    expect(await spent()).toEqual({ day: 4_999_999, ledger: 99, campaign: 99 });
  });

  it('counts a token once, in the batch and after it', async () => {
    const { p, view, spent } = await lastOfTheDay(1_000);
    expect(await recordAdEvents(t.db, [view('x'), view('y'), view('x')], new Date())).toEqual([
      'charged',
      'charged',
      'replayed',
    ]);
    const gone = { ...view('z'), token: { ...view('z').token, adId: 0 } };
    expect(await recordAdEvents(t.db, [view('y'), gone, view('w')], new Date())).toEqual([
      'replayed',
      'gone',
      'charged',
    ]);
    expect(await spent()).toEqual({ day: 5_000_000 - 1_000 + 9, ledger: 9, campaign: 9 });
    const [ad] = await t.db.select({ impressions: ads.impressions }).from(ads).where(eq(ads.id, p.adId));
    expect(ad!.impressions).toBe(3);
  });

  it('an instance’s queue charges reports that arrive together in one transaction, each its own outcomes', async () => {
    const { view, spent } = await lastOfTheDay(100);
    const charge = createAdEventQueue(t.db);
    const reports = Array.from({ length: 4 }, (_, r) =>
      Array.from({ length: 25 }, (_, i) => view(r === 3 && i === 0 ? 'q0-0' : `q${r}-${i}`)),
    );
    const outcomes = await Promise.all(reports.map((report) => charge(report)));
    expect(outcomes.map((o) => o.length)).toEqual([25, 25, 25, 25]);
    // The first 33 in arrival order fit; the last report's first view is the first report's, again.
    expect(outcomes.flat().filter((o) => o === 'charged')).toHaveLength(33);
    expect(outcomes[0]!.slice(0, 25)).toEqual(Array(25).fill('charged'));
    expect(outcomes[3]![0]).toBe('replayed');
    expect(await spent()).toEqual({ day: 4_999_999, ledger: 99, campaign: 99 });
    expect(await charge([])).toEqual([]);
  });

  it('batches charged at once, and a lifetime cap, never spend past the last micro-unit', async () => {
    const { p, view, spent } = await lastOfTheDay(100);
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, (_, b) =>
        recordAdEvents(
          t.db,
          Array.from({ length: 25 }, (_, i) => view(`c${b}-${i}`)),
          new Date(),
        ),
      ),
    );
    expect(outcomes.flat().filter((o) => o === 'charged')).toHaveLength(33);
    expect(await spent()).toEqual({ day: 4_999_999, ledger: 99, campaign: 99 });
    // The campaign's lifetime cap binds the same way, with the day's budget to spare.
    await t.db
      .update(adGroupSpendDays)
      .set({ spentMicro: 0 })
      .where(eq(adGroupSpendDays.adGroupId, p.adGroupId));
    await t.db.update(campaigns).set({ lifetimeSpendCapMicro: 110 }).where(eq(campaigns.id, p.campaignId));
    const capped = await recordAdEvents(
      t.db,
      Array.from({ length: 10 }, (_, i) => view(`d${i}`)),
      new Date(),
    );
    expect(capped.filter((o) => o === 'charged')).toHaveLength(3);
    expect((await spent()).campaign).toBe(108);
  });
});

describe('the visitor’s home page', () => {
  it('inlines a first page with the promoted card (the visitor’s own page, not the shared one)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'promoted-home-'));
    const web = await createTestApp({ db: t.db, webDistDir: await writeStandInWebBuild(dir) });
    try {
      const p = await promotion();
      await onlyServing(p);
      const response = await web.app.inject({ method: 'GET', url: '/', headers: { accept: HTML_ACCEPT } });
      expect(response.statusCode).toBe(200);
      const match = /<script type="application\/json" id="home-feed-page"[^>]*>(.*?)<\/script>/s.exec(
        response.body,
      );
      const page = JSON.parse(match![1]!) as { resource_response: { data: Card[] } };
      expect(promotedOf(page.resource_response.data).map((c) => c.id)).toEqual([p.pinId]);
      await onlyServing();
      const plain = await web.app.inject({ method: 'GET', url: '/', headers: { accept: HTML_ACCEPT } });
      expect(plain.body).not.toContain('"is_promoted"');
    } finally {
      await web.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
