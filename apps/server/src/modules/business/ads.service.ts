import type {
  Ad,
  AdGroup,
  Advertiser,
  Campaign,
  CreateAdGroupSchema,
  CreateAdSchema,
  CreateCampaignSchema,
  UpdateAdGroupSchema,
  UpdateAdSchema,
  UpdateCampaignSchema,
} from '@pinboard/shared';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { authorizeAdvertiser } from '../../policies/business-access.ts';
import { reviewAd, reviewColumns } from './ad-review.ts';
import {
  archiveChildren,
  carryToAdGroups,
  findAd,
  findAdGroup,
  findCampaign,
  insertAd,
  insertAdGroup,
  insertCampaign,
  listAdGroupsOf,
  listAdsOf,
  listCampaignsOf,
  updateAdGroupRow,
  updateAdRow,
  updateCampaignRow,
} from './ads.repository.ts';
import { hasBillingProfile } from './business.repository.ts';
import {
  presentAd,
  presentAdGroup,
  presentAdvertiser,
  presentCampaign,
  statusOn,
  todayIn,
} from './business.presenter.ts';
import { assertBudget, assertDates, assertPromotablePin, conversionGoalColumns } from './campaign-rules.ts';

/** An ad account, its campaigns, ad groups and ads (decision 55); each call checks the role first. */

export async function getAdvertiser(
  db: Executor,
  viewerId: number,
  advertiserId: number,
): Promise<Advertiser> {
  const { advertiser, role } = await authorizeAdvertiser(db, viewerId, 'view_ads', advertiserId);
  return presentAdvertiser(advertiser, role, await hasBillingProfile(db, advertiserId));
}

/**
 * The three levels a person changes, each looked up by (ad account, id) so another account's is
 * missing.
 */
const LEVELS = {
  campaign: { find: findCampaign, notFound: 'campaign_not_found' },
  adGroup: { find: findAdGroup, notFound: 'ad_group_not_found' },
  ad: { find: findAd, notFound: 'ad_not_found' },
} as const;
type Level = keyof typeof LEVELS;
type RowOf<L extends Level> = NonNullable<Awaited<ReturnType<(typeof LEVELS)[L]['find']>>>;

/**
 * A campaign, ad group or ad of the ad account that may still change: missing → its not-found
 * answer; archived or completed → `campaign_status_final`. `field` names the body's field when the
 * row is the parent a new one goes into.
 */
async function changeable<L extends Level>(
  db: Executor,
  advertiserId: number,
  level: L,
  id: number,
  today: string,
  field?: string,
): Promise<RowOf<L>> {
  const { find, notFound } = LEVELS[level];
  const row = (await find(db, advertiserId, id)) as RowOf<L> | null;
  if (!row) throw new AppError(notFound, field ? { field } : undefined);
  // Its own status today: COMPLETED once an inclusive end date has passed (ads have no dates).
  const status = statusOn(row.status, 'endDate' in row ? row.endDate : null, today);
  if (status === 'ARCHIVED' || status === 'COMPLETED')
    throw new AppError('campaign_status_final', field ? { field } : undefined);
  return row;
}

/** The columns a change sets: only the fields the body gave (null included, undefined left out). */
function given<T extends Record<string, unknown>>(columns: T): Partial<T> {
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** A list query's ids as numbers (absent: no filter). */
const idFilter = (id: string | undefined) => (id ? Number(id) : undefined);

// Campaigns

export async function listCampaigns(
  db: Executor,
  viewerId: number,
  advertiserId: number,
): Promise<Campaign[]> {
  const { advertiser } = await authorizeAdvertiser(db, viewerId, 'view_ads', advertiserId);
  const today = todayIn(advertiser.timeZone);
  return (await listCampaignsOf(db, advertiserId)).map((row) => presentCampaign(row, today));
}

export async function createCampaign(
  db: Executor,
  viewerId: number,
  advertiserId: number,
  body: z.output<typeof CreateCampaignSchema>,
): Promise<Campaign> {
  const { advertiser } = await authorizeAdvertiser(db, viewerId, 'manage_ads', advertiserId);
  assertBudget(body.budget_in_micro_currency, advertiser);
  const today = todayIn(advertiser.timeZone);
  const start = body.start_date ?? today;
  if (start < today) throw new AppError('end_date_invalid', { field: 'start_date' });
  const end = body.end_date ?? null;
  assertDates(start, end);
  const row = await insertCampaign(db, {
    advertiserId,
    name: body.name,
    objective: body.objective_type,
    status: body.status ?? 'ACTIVE',
    budgetType: body.budget_type,
    budgetMicro: body.budget_in_micro_currency,
    lifetimeSpendCapMicro: body.lifetime_spend_cap_in_micro_currency ?? null,
    startDate: start,
    endDate: end,
    createdBy: viewerId,
  });
  return presentCampaign(row, today);
}

export async function updateCampaign(
  db: Executor,
  viewerId: number,
  advertiserId: number,
  campaignId: number,
  body: z.output<typeof UpdateCampaignSchema>,
): Promise<Campaign> {
  const { advertiser } = await authorizeAdvertiser(db, viewerId, 'manage_ads', advertiserId);
  const today = todayIn(advertiser.timeZone);
  return db.transaction(async (tx) => {
    const current = await changeable(tx, advertiserId, 'campaign', campaignId, today);
    if (body.budget_in_micro_currency !== undefined) assertBudget(body.budget_in_micro_currency, advertiser);
    const start = body.start_date ?? current.startDate;
    const end = body.end_date === undefined ? current.endDate : body.end_date;
    if (body.start_date !== undefined || body.end_date !== undefined) assertDates(start, end);
    // A new end date is not in the past: a campaign is completed by its day passing, not by a change.
    if (body.end_date != null && body.end_date < today)
      throw new AppError('end_date_invalid', { field: 'end_date' });
    const row = await updateCampaignRow(tx, campaignId, {
      ...given({
        name: body.name,
        status: body.status,
        budgetMicro: body.budget_in_micro_currency,
        lifetimeSpendCapMicro: body.lifetime_spend_cap_in_micro_currency,
      }),
      startDate: start,
      endDate: end,
    });
    await carryToAdGroups(tx, current, row);
    if (body.status === 'ARCHIVED') await archiveChildren(tx, campaignId);
    return presentCampaign(row, today);
  });
}

// Ad groups

export async function listAdGroups(
  db: Executor,
  viewerId: number,
  advertiserId: number,
  query: { campaign_id?: string },
): Promise<AdGroup[]> {
  const { advertiser } = await authorizeAdvertiser(db, viewerId, 'view_ads', advertiserId);
  const today = todayIn(advertiser.timeZone);
  const rows = await listAdGroupsOf(db, advertiserId, { campaignId: idFilter(query.campaign_id) });
  return rows.map((row) => presentAdGroup(row, today));
}

export async function createAdGroup(
  db: Executor,
  viewerId: number,
  advertiserId: number,
  body: z.output<typeof CreateAdGroupSchema>,
): Promise<AdGroup> {
  const { advertiser } = await authorizeAdvertiser(db, viewerId, 'manage_ads', advertiserId);
  const today = todayIn(advertiser.timeZone);
  const campaign = await changeable(
    db,
    advertiserId,
    'campaign',
    Number(body.campaign_id),
    today,
    'campaign_id',
  );
  if (body.budget_in_micro_currency != null) assertBudget(body.budget_in_micro_currency, advertiser);
  const row = await insertAdGroup(db, {
    advertiserId,
    campaignId: campaign.id,
    name: body.name,
    status: body.status ?? 'ACTIVE',
    budgetType: campaign.budgetType,
    budgetMicro: body.budget_in_micro_currency ?? null,
    bidStrategy: body.bid_strategy ?? 'AUTOMATIC',
    bidMicro: body.bid_in_micro_currency ?? null,
    autoTargeting: body.auto_targeting_enabled ?? true,
    targeting: { locations: [advertiser.country], ...body.targeting_spec },
    ...(await conversionGoalColumns(
      db,
      advertiserId,
      campaign.objective,
      body.optimization_goal_metadata?.conversion_tag_v3_goal_metadata,
    )),
    startDate: campaign.startDate,
    endDate: campaign.endDate,
  });
  return presentAdGroup(row, today);
}

export async function updateAdGroup(
  db: Executor,
  viewerId: number,
  advertiserId: number,
  adGroupId: number,
  body: z.output<typeof UpdateAdGroupSchema>,
): Promise<AdGroup> {
  const { advertiser } = await authorizeAdvertiser(db, viewerId, 'manage_ads', advertiserId);
  const today = todayIn(advertiser.timeZone);
  return db.transaction(async (tx) => {
    await changeable(tx, advertiserId, 'adGroup', adGroupId, today);
    if (body.budget_in_micro_currency != null) assertBudget(body.budget_in_micro_currency, advertiser);
    const row = await updateAdGroupRow(
      tx,
      adGroupId,
      given({
        name: body.name,
        status: body.status,
        budgetMicro: body.budget_in_micro_currency,
        bidMicro: body.bid_in_micro_currency,
        autoTargeting: body.auto_targeting_enabled,
        targeting:
          body.targeting_spec === undefined
            ? undefined
            : { locations: [advertiser.country], ...body.targeting_spec },
      }),
    );
    return presentAdGroup(row, today);
  });
}

// Ads

export async function listAds(
  db: Executor,
  viewerId: number,
  advertiserId: number,
  query: { campaign_id?: string; ad_group_id?: string },
): Promise<Ad[]> {
  await authorizeAdvertiser(db, viewerId, 'view_ads', advertiserId);
  const rows = await listAdsOf(db, advertiserId, {
    campaignId: idFilter(query.campaign_id),
    adGroupId: idFilter(query.ad_group_id),
  });
  return rows.map(presentAd);
}

export async function createAd(
  db: Executor,
  viewerId: number,
  advertiserId: number,
  body: z.output<typeof CreateAdSchema>,
): Promise<Ad> {
  const { advertiser } = await authorizeAdvertiser(db, viewerId, 'manage_ads', advertiserId);
  const today = todayIn(advertiser.timeZone);
  const group = await changeable(db, advertiserId, 'adGroup', Number(body.ad_group_id), today, 'ad_group_id');
  const pinId = Number(body.pin_id);
  await assertPromotablePin(db, advertiser, pinId);
  const destination = body.destination_url || null;
  if (destination !== null && !/^https?:\/\/\S+$/i.test(destination))
    throw new AppError('promote_destination_required');
  const review = await reviewAd(db, pinId, destination);
  const row = await insertAd(db, {
    advertiserId,
    campaignId: group.campaignId,
    adGroupId: group.id,
    pinId,
    name: body.name ?? `Pin ${pinId}`,
    destinationUrl: destination,
    status: body.status ?? 'ACTIVE',
    ...reviewColumns(review),
  });
  return presentAd(row);
}

export async function updateAd(
  db: Executor,
  viewerId: number,
  advertiserId: number,
  adId: number,
  body: z.output<typeof UpdateAdSchema>,
): Promise<Ad> {
  const { advertiser } = await authorizeAdvertiser(db, viewerId, 'manage_ads', advertiserId);
  const today = todayIn(advertiser.timeZone);
  return db.transaction(async (tx) => {
    await changeable(tx, advertiserId, 'ad', adId, today);
    return presentAd(await updateAdRow(tx, adId, given({ name: body.name, status: body.status })));
  });
}
