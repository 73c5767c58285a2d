import { and, eq, sql } from 'drizzle-orm';
import type { ConversionEvent } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import {
  adCharges,
  adGroupSpendDays,
  adResultDays,
  adTokenUses,
  type AdEventKind,
} from '../../db/schema/ad-delivery.ts';
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

/**
 * Counts a promoted view's impression, click or conversion once per token (on the ad and on its
 * day's results), and charges it when its pricing says so (CPM: an impression costs the second
 * price per impression; CPC: a click its second price per click; CPA: a conversion its second
 * price per conversion). A conversion counts only after the token's click was counted, and only
 * for the ad group's own conversion tag and event ('refused' otherwise). One transaction: the
 * token's use, the counter, and — if the charge fits — the day's spend row (a conditional update:
 * `spent + amount <= daily budget`, so concurrent charges can never overspend it), the campaign's
 * spend (the same for a lifetime budget) and the ledger row. A charge that does not fit is not
 * made (the view is still counted).
 */
export async function recordAdEvent(
  db: Executor,
  token: ChargedAdToken,
  event: 'impression' | 'click' | ConversionReport,
  now: Date,
): Promise<ChargeOutcome> {
  const kind: AdEventKind = typeof event === 'string' ? event : event.kind;
  return db.transaction(async (tx) => {
    if (kind === 'conversion') {
      const clicked = await tx
        .select({ nonce: adTokenUses.nonce })
        .from(adTokenUses)
        .where(and(eq(adTokenUses.nonce, token.nonce), eq(adTokenUses.kind, 'click')));
      if (clicked.length === 0) return 'refused';
    }
    const [ad] = await tx
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
      .where(eq(ads.id, token.adId));
    if (!ad) return 'gone';
    if (
      typeof event !== 'string' &&
      (ad.conversionTagId !== event.conversionTagId || ad.conversionEvent !== event.event)
    )
      return 'refused';
    const used = await tx
      .insert(adTokenUses)
      .values({ nonce: token.nonce, kind })
      .onConflictDoNothing()
      .returning({ nonce: adTokenUses.nonce });
    if (used.length === 0) return 'replayed';
    const one = (counted: AdEventKind) => (counted === kind ? 1 : 0);
    await tx
      .update(ads)
      .set({
        impressions: sql`${ads.impressions} + ${one('impression')}`,
        clicks: sql`${ads.clicks} + ${one('click')}`,
        conversions: sql`${ads.conversions} + ${one('conversion')}`,
      })
      .where(eq(ads.id, ad.id));
    // The day's results for reporting (decision 65), in the ad account's day like the charge.
    const day = todayIn(ad.timeZone, now);
    await tx
      .insert(adResultDays)
      .values({
        adId: ad.id,
        day,
        campaignId: ad.campaignId,
        advertiserId: ad.advertiserId,
        impressions: one('impression'),
        clicks: one('click'),
        conversions: one('conversion'),
      })
      .onConflictDoUpdate({
        target: [adResultDays.adId, adResultDays.day],
        set: {
          impressions: sql`${adResultDays.impressions} + ${one('impression')}`,
          clicks: sql`${adResultDays.clicks} + ${one('click')}`,
          conversions: sql`${adResultDays.conversions} + ${one('conversion')}`,
        },
      });
    const charged = CHARGED_KIND[token.mode] === kind;
    // An ad account unpaid past the billing limit is not charged (decision 62): a view served
    // before it stopped still counts.
    if (!charged || ad.billingStoppedAt !== null) return 'counted';
    const amount = token.priceMicro;
    const dailyBudget = ad.groupBudget ?? (ad.campaignBudgetType === 'DAILY' ? ad.campaignBudget : null);
    if (dailyBudget !== null) {
      await tx.insert(adGroupSpendDays).values({ adGroupId: ad.adGroupId, day }).onConflictDoNothing();
      const fits = await tx
        .update(adGroupSpendDays)
        .set({ spentMicro: sql`${adGroupSpendDays.spentMicro} + ${amount}` })
        .where(
          and(
            eq(adGroupSpendDays.adGroupId, ad.adGroupId),
            eq(adGroupSpendDays.day, day),
            sql`${adGroupSpendDays.spentMicro} + ${amount} <= ${dailyBudget}`,
          ),
        )
        .returning({ spent: adGroupSpendDays.spentMicro });
      if (fits.length === 0) return 'counted';
    }
    const lifetimeLimit = ad.campaignBudgetType === 'LIFETIME' ? ad.campaignBudget : ad.lifetimeCap;
    const campaign = await tx
      .update(campaigns)
      .set({ spendMicro: sql`${campaigns.spendMicro} + ${amount}` })
      .where(
        and(
          eq(campaigns.id, ad.campaignId),
          lifetimeLimit === null ? sql`true` : sql`${campaigns.spendMicro} + ${amount} <= ${lifetimeLimit}`,
        ),
      )
      .returning({ id: campaigns.id });
    if (campaign.length === 0) {
      // Over the lifetime budget: give back the day's share taken above.
      if (dailyBudget !== null) {
        await tx
          .update(adGroupSpendDays)
          .set({ spentMicro: sql`${adGroupSpendDays.spentMicro} - ${amount}` })
          .where(and(eq(adGroupSpendDays.adGroupId, ad.adGroupId), eq(adGroupSpendDays.day, day)));
      }
      return 'counted';
    }
    await tx.insert(adCharges).values({
      adId: ad.id,
      adGroupId: ad.adGroupId,
      campaignId: ad.campaignId,
      advertiserId: ad.advertiserId,
      kind,
      amountMicro: amount,
      day,
    });
    return 'charged';
  });
}
