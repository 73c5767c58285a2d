import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { adCharges, adGroupSpendDays, adResultDays, adTokenUses } from '../../db/schema/ad-delivery.ts';
import { adGroups, ads, advertisers, campaigns } from '../../db/schema/business.ts';
import { todayIn } from '../business/business.presenter.ts';
import type { VerifiedAdToken } from './ad-token.ts';

export type ChargeOutcome = 'charged' | 'counted' | 'replayed' | 'gone';

/**
 * Counts a promoted view's impression or click once per token (on the ad and on its day's
 * results), and charges it when its pricing says so (CPM: an impression costs the second price per impression; CPC: a click its second price
 * per click). One transaction: the token's use, the counter, and — if the charge fits — the day's
 * spend row (a conditional update: `spent + amount <= daily budget`, so concurrent charges can
 * never overspend it), the campaign's spend (the same for a lifetime budget) and the ledger row.
 * A charge that does not fit is not made (the view is still counted).
 */
export async function recordAdEvent(
  db: Executor,
  token: VerifiedAdToken,
  kind: 'impression' | 'click',
  now: Date,
): Promise<ChargeOutcome> {
  return db.transaction(async (tx) => {
    const used = await tx
      .insert(adTokenUses)
      .values({ nonce: token.nonce, kind })
      .onConflictDoNothing()
      .returning({ nonce: adTokenUses.nonce });
    if (used.length === 0) return 'replayed';
    const [ad] = await tx
      .select({
        id: ads.id,
        adGroupId: ads.adGroupId,
        campaignId: ads.campaignId,
        advertiserId: ads.advertiserId,
        groupBudget: adGroups.budgetMicro,
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
    await tx
      .update(ads)
      .set(
        kind === 'impression'
          ? { impressions: sql`${ads.impressions} + 1` }
          : { clicks: sql`${ads.clicks} + 1` },
      )
      .where(eq(ads.id, ad.id));
    // The day's results for reporting (decision 65), in the ad account's day like the charge.
    const day = todayIn(ad.timeZone, now);
    const counted = kind === 'impression' ? { impressions: 1, clicks: 0 } : { impressions: 0, clicks: 1 };
    await tx
      .insert(adResultDays)
      .values({ adId: ad.id, day, campaignId: ad.campaignId, advertiserId: ad.advertiserId, ...counted })
      .onConflictDoUpdate({
        target: [adResultDays.adId, adResultDays.day],
        set:
          kind === 'impression'
            ? { impressions: sql`${adResultDays.impressions} + 1` }
            : { clicks: sql`${adResultDays.clicks} + 1` },
      });
    const charged =
      (token.mode === 'cpm' && kind === 'impression') || (token.mode === 'cpc' && kind === 'click');
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
