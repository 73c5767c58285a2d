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
  todayIn,
} from './business.presenter.ts';
import { assertBudget, assertDates, assertPromotablePin } from './campaign-rules.ts';

/** An ad account, its campaigns, ad groups and ads (decision 55); each call checks the role first. */

export async function getAdvertiser(
  db: Executor,
  viewerId: number,
  advertiserId: number,
): Promise<Advertiser> {
  const { advertiser, role } = await authorizeAdvertiser(db, viewerId, 'view_ads', advertiserId);
  return presentAdvertiser(advertiser, role, await hasBillingProfile(db, advertiserId));
}

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
    const current = await findCampaign(tx, advertiserId, campaignId);
    if (!current) throw new AppError('campaign_not_found');
    const status = presentCampaign(current, today).status;
    if (status === 'ARCHIVED' || status === 'COMPLETED') throw new AppError('campaign_status_final');
    if (body.budget_in_micro_currency !== undefined) assertBudget(body.budget_in_micro_currency, advertiser);
    const start = body.start_date ?? current.startDate;
    const end = body.end_date === undefined ? current.endDate : body.end_date;
    if (body.start_date !== undefined || body.end_date !== undefined) assertDates(start, end);
    const row = await updateCampaignRow(tx, campaignId, {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.status !== undefined && { status: body.status }),
      ...(body.budget_in_micro_currency !== undefined && { budgetMicro: body.budget_in_micro_currency }),
      ...(body.lifetime_spend_cap_in_micro_currency !== undefined && {
        lifetimeSpendCapMicro: body.lifetime_spend_cap_in_micro_currency,
      }),
      startDate: start,
      endDate: end,
    });
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
  const rows = await listAdGroupsOf(db, advertiserId, {
    campaignId: query.campaign_id ? Number(query.campaign_id) : undefined,
  });
  return rows.map((row) => presentAdGroup(row, today));
}

export async function createAdGroup(
  db: Executor,
  viewerId: number,
  advertiserId: number,
  body: z.output<typeof CreateAdGroupSchema>,
): Promise<AdGroup> {
  const { advertiser } = await authorizeAdvertiser(db, viewerId, 'manage_ads', advertiserId);
  const campaign = await findCampaign(db, advertiserId, Number(body.campaign_id));
  if (!campaign) throw new AppError('campaign_not_found', { field: 'campaign_id' });
  if (campaign.status === 'ARCHIVED') throw new AppError('campaign_status_final', { field: 'campaign_id' });
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
    startDate: campaign.startDate,
    endDate: campaign.endDate,
  });
  return presentAdGroup(row, todayIn(advertiser.timeZone));
}

export async function updateAdGroup(
  db: Executor,
  viewerId: number,
  advertiserId: number,
  adGroupId: number,
  body: z.output<typeof UpdateAdGroupSchema>,
): Promise<AdGroup> {
  const { advertiser } = await authorizeAdvertiser(db, viewerId, 'manage_ads', advertiserId);
  const current = await findAdGroup(db, advertiserId, adGroupId);
  if (!current) throw new AppError('ad_group_not_found');
  if (current.status === 'ARCHIVED') throw new AppError('campaign_status_final');
  if (body.budget_in_micro_currency != null) assertBudget(body.budget_in_micro_currency, advertiser);
  const row = await updateAdGroupRow(db, adGroupId, {
    ...(body.name !== undefined && { name: body.name }),
    ...(body.status !== undefined && { status: body.status }),
    ...(body.budget_in_micro_currency !== undefined && { budgetMicro: body.budget_in_micro_currency }),
    ...(body.bid_in_micro_currency !== undefined && { bidMicro: body.bid_in_micro_currency }),
    ...(body.auto_targeting_enabled !== undefined && { autoTargeting: body.auto_targeting_enabled }),
    ...(body.targeting_spec !== undefined && {
      targeting: { locations: [advertiser.country], ...body.targeting_spec },
    }),
  });
  return presentAdGroup(row, todayIn(advertiser.timeZone));
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
    campaignId: query.campaign_id ? Number(query.campaign_id) : undefined,
    adGroupId: query.ad_group_id ? Number(query.ad_group_id) : undefined,
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
  const group = await findAdGroup(db, advertiserId, Number(body.ad_group_id));
  if (!group) throw new AppError('ad_group_not_found', { field: 'ad_group_id' });
  if (group.status === 'ARCHIVED') throw new AppError('campaign_status_final', { field: 'ad_group_id' });
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
  await authorizeAdvertiser(db, viewerId, 'manage_ads', advertiserId);
  const current = await findAd(db, advertiserId, adId);
  if (!current) throw new AppError('ad_not_found');
  if (current.status === 'ARCHIVED') throw new AppError('campaign_status_final');
  const row = await updateAdRow(db, adId, {
    ...(body.name !== undefined && { name: body.name }),
    ...(body.status !== undefined && { status: body.status }),
  });
  return presentAd(row);
}
