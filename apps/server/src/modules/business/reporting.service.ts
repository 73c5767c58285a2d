import type { AdvertiserReport, ReportRange } from '@pinboard/shared';
import { and, between, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { adCharges, adResultDays } from '../../db/schema/ad-delivery.ts';
import { campaigns } from '../../db/schema/business.ts';
import { authorizeAdvertiser } from '../../policies/business-access.ts';
import { statusOn, todayIn } from './business.presenter.ts';
import { addDays } from './campaign-rules.ts';

/**
 * `GET …/reports/` (decision 65): an ad account's results over its last 7 or 30 days. Views,
 * clicks and conversions are the days' counts kept with each view (`ad_result_days`), spend is the ledger's
 * charges; both are per day of the ad account's time zone, so the range is its days too. Two
 * grouped reads by (ad account, day) and one of the campaigns' names.
 */
export async function getAdvertiserReport(
  db: Executor,
  viewerId: number,
  advertiserId: number,
  range: ReportRange = '7',
): Promise<AdvertiserReport> {
  const { advertiser } = await authorizeAdvertiser(db, viewerId, 'view_ads', advertiserId);
  const today = todayIn(advertiser.timeZone);
  const start = addDays(today, 1 - Number(range));

  const [counted, charged] = await Promise.all([
    db
      .select({
        day: adResultDays.day,
        campaignId: adResultDays.campaignId,
        impressions: sql<string>`sum(${adResultDays.impressions})`,
        clicks: sql<string>`sum(${adResultDays.clicks})`,
        conversions: sql<string>`sum(${adResultDays.conversions})`,
      })
      .from(adResultDays)
      .where(and(eq(adResultDays.advertiserId, advertiserId), between(adResultDays.day, start, today)))
      .groupBy(adResultDays.day, adResultDays.campaignId),
    db
      .select({
        day: adCharges.day,
        campaignId: adCharges.campaignId,
        spend: sql<string>`sum(${adCharges.amountMicro})`,
      })
      .from(adCharges)
      .where(and(eq(adCharges.advertiserId, advertiserId), between(adCharges.day, start, today)))
      .groupBy(adCharges.day, adCharges.campaignId),
  ]);

  const zero = () => ({ impressions: 0, clicks: 0, conversions: 0, spend_in_micro_currency: 0 });
  const totals = zero();
  const byDay = new Map<string, ReturnType<typeof zero>>();
  for (let day = start; day <= today; day = addDays(day, 1)) byDay.set(day, zero());
  const byCampaign = new Map<number, ReturnType<typeof zero>>();
  const add = (day: string, campaignId: number, results: Partial<ReturnType<typeof zero>>) => {
    if (!byCampaign.has(campaignId)) byCampaign.set(campaignId, zero());
    for (const target of [totals, byDay.get(day)!, byCampaign.get(campaignId)!]) {
      target.impressions += results.impressions ?? 0;
      target.clicks += results.clicks ?? 0;
      target.conversions += results.conversions ?? 0;
      target.spend_in_micro_currency += results.spend_in_micro_currency ?? 0;
    }
  };
  for (const row of counted)
    add(row.day, row.campaignId, {
      impressions: Number(row.impressions),
      clicks: Number(row.clicks),
      conversions: Number(row.conversions),
    });
  for (const row of charged) add(row.day, row.campaignId, { spend_in_micro_currency: Number(row.spend) });

  const names =
    byCampaign.size === 0
      ? []
      : await db
          .select({
            id: campaigns.id,
            name: campaigns.name,
            status: campaigns.status,
            endDate: campaigns.endDate,
          })
          .from(campaigns)
          .where(
            and(eq(campaigns.advertiserId, advertiserId), inArray(campaigns.id, [...byCampaign.keys()])),
          );

  return {
    advertiser_id: String(advertiserId),
    currency: advertiser.currency,
    time_zone: advertiser.timeZone,
    start_date: start,
    end_date: today,
    totals,
    days: [...byDay].map(([date, results]) => ({ date, ...results })),
    campaigns: names
      .map((campaign) => ({
        campaign_id: String(campaign.id),
        name: campaign.name,
        status: statusOn(campaign.status, campaign.endDate, today),
        ...byCampaign.get(campaign.id)!,
      }))
      .sort((a, b) => b.spend_in_micro_currency - a.spend_in_micro_currency || b.impressions - a.impressions),
  };
}
