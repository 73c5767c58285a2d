import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ConversionEvent } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { int8Array, selectRows, textArray } from '../../db/sql-helpers.ts';
import { adCharges, adTokenUses, type AdEventKind } from '../../db/schema/ad-delivery.ts';
import { adGroups, ads, advertisers, campaigns } from '../../db/schema/business.ts';
import { todayIn } from '../business/business.presenter.ts';
import type { AdPricing, ChargedAdToken } from './ad-token.ts';

export type ChargeOutcome = 'charged' | 'counted' | 'replayed' | 'gone' | 'refused';

/** What a conversion tag reported (decision 69): the tag and the event, which must be the ad group's. */
export interface ConversionReport {
  kind: 'conversion';
  conversionTagId: number;
  event: ConversionEvent;
}

/** What each pricing charges: CPM an impression, CPC a click, CPA a conversion. */
const CHARGED_KIND: Record<AdPricing, AdEventKind> = { cpm: 'impression', cpc: 'click', cpa: 'conversion' };

/** One view's impression, click or conversion, with the token it was reported with. */
export interface AdEvent {
  token: ChargedAdToken;
  event: 'impression' | 'click' | ConversionReport;
}

/** One event: a batch of one (`recordAdEvents`). */
export async function recordAdEvent(
  db: Executor,
  token: ChargedAdToken,
  event: AdEvent['event'],
  now: Date,
): Promise<ChargeOutcome> {
  const [outcome] = await recordAdEvents(db, [{ token, event }], now);
  return outcome!;
}

const kindOf = ({ event }: AdEvent): AdEventKind => (typeof event === 'string' ? event : event.kind);
const useKey = (kind: AdEventKind, nonce: string) => `${kind}:${nonce}`;

/**
 * Counts promoted views' impressions, clicks and conversions once per token (on the ad and on its
 * day's results), and charges those their pricing charges (CPM: an impression costs the second
 * price per impression; CPC: a click its second price per click; CPA: a conversion its second
 * price per conversion), answering each event's outcome in order. A conversion counts only after
 * the token's click was counted, and only for the ad group's own conversion tag and event
 * ('refused' otherwise). A batch (the page reports up to 50 impressions in one call) is one
 * transaction of at most eleven statements whatever its size (decision 71): the tokens' uses in
 * one insert (a token used before, or twice in the batch, is 'replayed'), the counters, then the
 * day spend rows and campaigns the charges touch, locked in id order (so concurrent batches
 * cannot deadlock) and read as they are after every earlier charge; the charges are taken in the
 * batch's order while they fit both the daily budget and the campaign's lifetime budget or cap,
 * so a batch or a hundred batches against the last of a budget spend exactly what fits, never one
 * micro-unit more; the ledger rows in one insert. A charge that does not fit is not made (the view
 * is still counted).
 */
export async function recordAdEvents(
  db: Executor,
  events: readonly AdEvent[],
  now: Date,
): Promise<ChargeOutcome[]> {
  if (events.length === 0) return [];
  return db.transaction(async (tx) => {
    const outcomes: ChargeOutcome[] = [];
    const conversions = events.filter((e) => kindOf(e) === 'conversion').map((e) => e.token.nonce);
    const clicked = new Set(
      conversions.length === 0
        ? []
        : (
            await tx
              .select({ nonce: adTokenUses.nonce })
              .from(adTokenUses)
              .where(and(inArray(adTokenUses.nonce, conversions), eq(adTokenUses.kind, 'click')))
          ).map((use) => use.nonce),
    );
    const adRows = await tx
      .select({
        id: ads.id,
        adGroupId: ads.adGroupId,
        campaignId: ads.campaignId,
        advertiserId: ads.advertiserId,
        groupBudget: adGroups.budgetMicro,
        conversionTagId: adGroups.conversionTagId,
        conversionEvent: adGroups.conversionEvent,
        campaignBudgetType: campaigns.budgetType,
        campaignBudget: campaigns.budgetMicro,
        lifetimeCap: campaigns.lifetimeSpendCapMicro,
        timeZone: advertisers.timeZone,
        billingStoppedAt: advertisers.billingStoppedAt,
      })
      .from(ads)
      .innerJoin(adGroups, eq(adGroups.id, ads.adGroupId))
      .innerJoin(campaigns, eq(campaigns.id, ads.campaignId))
      .innerJoin(advertisers, eq(advertisers.id, ads.advertiserId))
      .where(inArray(ads.id, [...new Set(events.map((e) => e.token.adId))]))
      // The ads' rows locked in id order first: the counters and day results below then never
      // wait on a concurrent batch that holds one of them while waiting on one of these.
      .orderBy(ads.id)
      .for('update', { of: ads });
    const adOf = new Map(adRows.map((ad) => [ad.id, ad]));

    // Checked before any use is written, so a refused report uses nothing up.
    const toUse: number[] = [];
    const inBatch = new Set<string>();
    events.forEach((e, i) => {
      const ad = adOf.get(e.token.adId);
      const key = useKey(kindOf(e), e.token.nonce);
      if (kindOf(e) === 'conversion' && !clicked.has(e.token.nonce)) outcomes[i] = 'refused';
      else if (!ad) outcomes[i] = 'gone';
      else if (
        typeof e.event !== 'string' &&
        (ad.conversionTagId !== e.event.conversionTagId || ad.conversionEvent !== e.event.event)
      )
        outcomes[i] = 'refused';
      else if (inBatch.has(key)) outcomes[i] = 'replayed';
      else {
        inBatch.add(key);
        toUse.push(i);
      }
    });
    if (toUse.length === 0) return outcomes;
    const used = new Set(
      (
        await tx
          .insert(adTokenUses)
          .values(toUse.map((i) => ({ nonce: events[i]!.token.nonce, kind: kindOf(events[i]!) })))
          .onConflictDoNothing()
          .returning({ nonce: adTokenUses.nonce, kind: adTokenUses.kind })
      ).map((use) => useKey(use.kind, use.nonce)),
    );
    const counted = toUse.filter((i) => {
      if (used.has(useKey(kindOf(events[i]!), events[i]!.token.nonce))) return true;
      outcomes[i] = 'replayed';
      return false;
    });
    if (counted.length === 0) return outcomes;

    // The counters: the ad's, and its day's results for reporting (decision 65), in the ad
    // account's day like the charge.
    const tallies = new Map<number, { impression: number; click: number; conversion: number; day: string }>();
    for (const i of counted) {
      const ad = adOf.get(events[i]!.token.adId)!;
      const tally = tallies.get(ad.id) ?? {
        impression: 0,
        click: 0,
        conversion: 0,
        day: todayIn(ad.timeZone, now),
      };
      tally[kindOf(events[i]!)] += 1;
      tallies.set(ad.id, tally);
    }
    const tallied = [...tallies].sort(([a], [b]) => a - b);
    const adIds = int8Array(tallied.map(([id]) => id));
    const column = (kind: AdEventKind) => int8Array(tallied.map(([, tally]) => tally[kind]));
    await tx.execute(sql`
      update ads set impressions = ads.impressions + v.impressions, clicks = ads.clicks + v.clicks,
        conversions = ads.conversions + v.conversions
      from unnest(${adIds}, ${column('impression')}, ${column('click')}, ${column('conversion')})
        as v(id, impressions, clicks, conversions)
      where ads.id = v.id`);
    await tx.execute(sql`
      insert into ad_result_days (ad_id, day, campaign_id, advertiser_id, impressions, clicks, conversions)
      select v.id, v.day, ads.campaign_id, ads.advertiser_id, v.impressions, v.clicks, v.conversions
      from unnest(${adIds}, ${textArray(tallied.map(([, tally]) => tally.day))}::date[], ${column('impression')},
        ${column('click')}, ${column('conversion')}) as v(id, day, impressions, clicks, conversions)
      join ads on ads.id = v.id
      on conflict (ad_id, day) do update set impressions = ad_result_days.impressions + excluded.impressions,
        clicks = ad_result_days.clicks + excluded.clicks,
        conversions = ad_result_days.conversions + excluded.conversions`);

    // An ad account unpaid past the billing limit is not charged (decision 62): a view served
    // before it stopped still counts.
    const charges = counted.flatMap((i) => {
      const e = events[i]!;
      const ad = adOf.get(e.token.adId)!;
      if (CHARGED_KIND[e.token.mode] !== kindOf(e) || ad.billingStoppedAt !== null) {
        outcomes[i] = 'counted';
        return [];
      }
      return [
        {
          i,
          ad,
          kind: kindOf(e),
          amount: e.token.priceMicro,
          day: tallies.get(ad.id)!.day,
          dailyBudget: ad.groupBudget ?? (ad.campaignBudgetType === 'DAILY' ? ad.campaignBudget : null),
          lifetimeLimit: ad.campaignBudgetType === 'LIFETIME' ? ad.campaignBudget : ad.lifetimeCap,
        },
      ];
    });
    if (charges.length === 0) return outcomes;
    const dayKey = (adGroupId: number, day: string) => `${adGroupId}:${day}`;
    const days = [
      ...new Map(
        charges
          .filter((c) => c.dailyBudget !== null)
          .map((c) => [dayKey(c.ad.adGroupId, c.day), { adGroupId: c.ad.adGroupId, day: c.day }]),
      ).values(),
    ].sort((a, b) => a.adGroupId - b.adGroupId || a.day.localeCompare(b.day));
    const daySpent = new Map<string, number>();
    if (days.length > 0) {
      const groups = int8Array(days.map((d) => d.adGroupId));
      const dates = sql`${textArray(days.map((d) => d.day))}::date[]`;
      await tx.execute(sql`
        insert into ad_group_spend_days (ad_group_id, day) select * from unnest(${groups}, ${dates})
        on conflict do nothing`);
      const rows = await selectRows<{ ad_group_id: string; day: string; spent_micro: string }>(
        tx,
        sql`select ad_group_id, day::text as day, spent_micro from ad_group_spend_days
          where (ad_group_id, day) in (select * from unnest(${groups}, ${dates}))
          order by ad_group_id, day for update`,
      );
      for (const row of rows) daySpent.set(dayKey(Number(row.ad_group_id), row.day), Number(row.spent_micro));
    }
    const campaignRows = await selectRows<{ id: string; spend_micro: string }>(
      tx,
      sql`select id, spend_micro from campaigns
        where id = any(${int8Array([...new Set(charges.map((c) => c.ad.campaignId))])})
        order by id for update`,
    );
    const campaignSpent = new Map(campaignRows.map((row) => [Number(row.id), Number(row.spend_micro)]));

    const made: typeof charges = [];
    for (const charge of charges) {
      const key = dayKey(charge.ad.adGroupId, charge.day);
      const spentToday = daySpent.get(key) ?? 0;
      const spent = campaignSpent.get(charge.ad.campaignId) ?? 0;
      const fits =
        (charge.dailyBudget === null || spentToday + charge.amount <= charge.dailyBudget) &&
        (charge.lifetimeLimit === null || spent + charge.amount <= charge.lifetimeLimit);
      outcomes[charge.i] = fits ? 'charged' : 'counted';
      if (!fits) continue;
      if (charge.dailyBudget !== null) daySpent.set(key, spentToday + charge.amount);
      campaignSpent.set(charge.ad.campaignId, spent + charge.amount);
      made.push(charge);
    }
    if (made.length === 0) return outcomes;
    const spentDays = days.filter((d) => made.some((c) => c.ad.adGroupId === d.adGroupId && c.day === d.day));
    if (spentDays.length > 0) {
      await tx.execute(sql`
        update ad_group_spend_days set spent_micro = v.spent
        from unnest(${int8Array(spentDays.map((d) => d.adGroupId))},
          ${textArray(spentDays.map((d) => d.day))}::date[],
          ${int8Array(spentDays.map((d) => daySpent.get(dayKey(d.adGroupId, d.day))!))}) as v(ad_group_id, day, spent)
        where ad_group_spend_days.ad_group_id = v.ad_group_id and ad_group_spend_days.day = v.day`);
    }
    const charged = [...new Set(made.map((c) => c.ad.campaignId))].sort((a, b) => a - b);
    await tx.execute(sql`
      update campaigns set spend_micro = v.spent
      from unnest(${int8Array(charged)}, ${int8Array(charged.map((id) => campaignSpent.get(id)!))}) as v(id, spent)
      where campaigns.id = v.id`);
    await tx.insert(adCharges).values(
      made.map((c) => ({
        adId: c.ad.id,
        adGroupId: c.ad.adGroupId,
        campaignId: c.ad.campaignId,
        advertiserId: c.ad.advertiserId,
        kind: c.kind,
        amountMicro: c.amount,
        day: c.day,
      })),
    );
    return outcomes;
  });
}

/** Events one transaction of a queue takes at most: its statements carry every event's values. */
const QUEUE_TRANSACTION_EVENTS = 1_000;

/**
 * One instance's reports charged together (decision 71): while a transaction charges, the reports
 * that arrive wait, and the next transaction takes all of them (up to QUEUE_TRANSACTION_EVENTS
 * events) at once, in the order they came; each caller gets its own events' outcomes. Reports
 * arriving one at a time are charged at once; under load the transactions grow instead of
 * queueing on the same rows. A transaction that fails fails each report in it.
 */
export function createAdEventQueue(db: Executor): (events: readonly AdEvent[]) => Promise<ChargeOutcome[]> {
  type Waiting = {
    events: readonly AdEvent[];
    resolve: (outcomes: ChargeOutcome[]) => void;
    reject: (error: unknown) => void;
  };
  const waiting: Waiting[] = [];
  let charging = false;
  async function charge() {
    charging = true;
    while (waiting.length > 0) {
      let size = 0;
      const over = waiting.findIndex((report) => (size += report.events.length) > QUEUE_TRANSACTION_EVENTS);
      const taken = waiting.splice(0, over === -1 ? waiting.length : Math.max(over, 1));
      try {
        const outcomes = await recordAdEvents(
          db,
          taken.flatMap((report) => report.events),
          new Date(),
        );
        let at = 0;
        for (const report of taken) {
          report.resolve(outcomes.slice(at, (at += report.events.length)));
        }
      } catch (error) {
        for (const report of taken) report.reject(error);
      }
    }
    charging = false;
  }
  return (events) => {
    if (events.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      waiting.push({ events, resolve, reject });
      if (!charging) void charge();
    });
  };
}
