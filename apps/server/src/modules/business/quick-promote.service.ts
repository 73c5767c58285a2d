import {
  cutCampaignName,
  quickPromoteBillingPath,
  type QuickPromoteBody,
  type QuickPromoteResult,
} from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { authorizeAdvertiser } from '../../policies/business-access.ts';
import { reviewAd, reviewColumns } from './ad-review.ts';
import { insertAd, insertAdGroup, insertCampaign } from './ads.repository.ts';
import {
  addDays,
  assertBudget,
  assertDates,
  assertPromotablePin,
  conversionGoalColumns,
} from './campaign-rules.ts';
import { hasBillingProfile } from './business.repository.ts';
import { presentAd, presentAdGroup, presentCampaign, todayIn } from './business.presenter.ts';

function refuse(code: ConstructorParameters<typeof AppError>[0], field?: string): never {
  throw new AppError(code, field ? { field } : {});
}

/** Quick promote's failures carry their text as message_detail, which the steps show (docs/product/business.md, quick promote's errors). */
async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.detail === null) {
      throw new AppError(error.code, {
        field: error.field ?? undefined,
        detail: error.message,
        status: error.status,
      });
    }
    throw error;
  }
}

/**
 * `POST /ads/v4/advertisers/{advertiserId}/pins/{pinId}/quick_promote/` (decision 55): a campaign
 * starting now (CONSIDERATION, or WEB_CONVERSION with its conversion tag), one ad group with the
 * targeting and a daily budget, and one ad of the pin, reviewed at once, in one transaction.
 * The budget is within the ad account's country minimum and the maximum; the end date is the
 * inclusive one sent, else the duration's, and none while ongoing.
 */
export function quickPromotePin(
  db: Executor,
  viewerId: number,
  params: { advertiserId: number; pinId: number },
  body: QuickPromoteBody,
): Promise<QuickPromoteResult> {
  return guarded(async () => {
    if (
      Number(body.advertiser_id) !== params.advertiserId ||
      body.pin_id === null ||
      Number(body.pin_id) !== params.pinId
    ) {
      refuse('quick_promote_mismatch');
    }
    const { advertiser } = await authorizeAdvertiser(db, viewerId, 'manage_ads', params.advertiserId);
    await assertPromotablePin(db, advertiser, params.pinId);
    assertBudget(body.budget_in_micro_currency, advertiser);
    if (!(await hasBillingProfile(db, advertiser.id))) refuse('billing_profile_required');
    const destination = body.destination_url?.trim() || null;
    if (destination !== null && !/^https?:\/\/\S+$/i.test(destination))
      refuse('promote_destination_required');

    const objective = body.objective_type ?? 'CONSIDERATION';
    if (objective === 'CATALOG_SALES') refuse('invalid_request', 'objective_type');
    const goal = await conversionGoalColumns(
      db,
      advertiser.id,
      objective,
      body.optimization_goal_metadata?.conversion_tag_v3_goal_metadata,
    );

    const today = todayIn(advertiser.timeZone);
    const end = body.is_ongoing ? null : (body.inclusive_end_date ?? addDays(today, body.duration - 1));
    assertDates(today, end);
    const review = await reviewAd(db, params.pinId, destination);
    const name = cutCampaignName(body.campaign_name);

    const { campaign, group, ad } = await db.transaction(async (tx) => {
      const campaign = await insertCampaign(tx, {
        advertiserId: advertiser.id,
        name,
        objective,
        status: 'ACTIVE',
        budgetType: 'DAILY',
        budgetMicro: body.budget_in_micro_currency,
        startDate: today,
        endDate: end,
        adsClientType: body.ads_client_type,
        createdBy: viewerId,
      });
      const group = await insertAdGroup(tx, {
        advertiserId: advertiser.id,
        campaignId: campaign.id,
        name,
        budgetType: 'DAILY',
        budgetMicro: body.budget_in_micro_currency,
        autoTargeting: body.auto_targeting_enabled,
        targeting: {
          ...body.targeting_spec,
          locations: body.targeting_spec.locations?.length
            ? body.targeting_spec.locations
            : [advertiser.country],
        },
        ...goal,
        startDate: today,
        endDate: end,
      });
      const ad = await insertAd(tx, {
        advertiserId: advertiser.id,
        campaignId: campaign.id,
        adGroupId: group.id,
        pinId: params.pinId,
        name,
        destinationUrl: destination,
        ...reviewColumns(review),
      });
      return { campaign, group, ad };
    });
    return {
      campaign: presentCampaign(campaign, today),
      ad_group: presentAdGroup(group, today),
      ad: presentAd(ad),
      billing_url: quickPromoteBillingPath(String(advertiser.id), String(campaign.id)),
    };
  });
}
