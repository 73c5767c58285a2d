import type {
  Ad,
  AdGroup,
  Advertiser,
  BusinessAccessProfile,
  BusinessRole,
  Campaign,
  RenditionName,
} from '@pinboard/shared';
import type { ads, adGroups, campaigns } from '../../db/schema/business.ts';
import type { StoredRendition } from '../../db/schema/images.ts';
import { renditionUrl } from '../../lib/media-url.ts';
import type { AdvertiserRow } from './business.repository.ts';
import { zoneFormat } from '../../lib/zone-formats.ts';

export function presentAdvertiser(row: AdvertiserRow, role: BusinessRole, hasBilling: boolean): Advertiser {
  return {
    id: String(row.id),
    name: row.name,
    owner_user_id: String(row.ownerUserId),
    country: row.country,
    currency: row.currency,
    time_zone: row.timeZone,
    role,
    has_billing_profile: hasBilling,
    billing_stopped_at: row.billingStoppedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export interface ProfileAccountRow {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  twoFactorEnabled: boolean;
  businessName: string | null;
  avatarSizes: Record<RenditionName, StoredRendition> | null;
}

export function presentProfile(
  account: ProfileAccountRow,
  roles: BusinessRole[],
  viewerMeetsMfaRequirement: boolean,
): BusinessAccessProfile {
  const fullName = `${account.firstName} ${account.lastName}`.trim();
  return {
    id: String(account.id),
    permissions: roles,
    user: {
      username: account.username,
      businessName: account.businessName ?? (fullName || account.username),
      imgUrl: renditionUrl(account.avatarSizes, '236x'),
      merchantId: null,
      scheduledPinCount: 0,
      eligibleForStlTool: false,
    },
    viewerMeetsMfaRequirement,
  };
}

/** The day in a time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return zoneFormat('day', timeZone).format(now);
}

/** A stored status, or COMPLETED once the inclusive end date has passed in the account's day. */
export function statusOn(
  stored: 'ACTIVE' | 'PAUSED' | 'ARCHIVED',
  endDate: string | null,
  today: string,
): Campaign['status'] {
  if (stored !== 'ARCHIVED' && endDate !== null && endDate < today) return 'COMPLETED';
  return stored;
}

export function presentCampaign(row: typeof campaigns.$inferSelect, today: string): Campaign {
  return {
    id: String(row.id),
    advertiser_id: String(row.advertiserId),
    name: row.name,
    objective_type: row.objective,
    status: statusOn(row.status, row.endDate, today),
    budget_type: row.budgetType,
    budget_in_micro_currency: row.budgetMicro,
    lifetime_spend_cap_in_micro_currency: row.lifetimeSpendCapMicro,
    start_date: row.startDate,
    end_date: row.endDate,
    is_ongoing: row.endDate === null,
    ads_client_type: row.adsClientType,
    spend_in_micro_currency: row.spendMicro,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentAdGroup(row: typeof adGroups.$inferSelect, today: string): AdGroup {
  return {
    id: String(row.id),
    advertiser_id: String(row.advertiserId),
    campaign_id: String(row.campaignId),
    name: row.name,
    status: statusOn(row.status, row.endDate, today),
    budget_type: row.budgetType,
    budget_in_micro_currency: row.budgetMicro,
    bid_strategy: row.bidStrategy,
    bid_in_micro_currency: row.bidMicro,
    auto_targeting_enabled: row.autoTargeting,
    targeting_spec: row.targeting,
    conversion_tag_id: row.conversionTagId === null ? null : String(row.conversionTagId),
    conversion_event: row.conversionEvent,
    start_date: row.startDate,
    end_date: row.endDate,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentAd(row: typeof ads.$inferSelect): Ad {
  return {
    id: String(row.id),
    advertiser_id: String(row.advertiserId),
    campaign_id: String(row.campaignId),
    ad_group_id: String(row.adGroupId),
    pin_id: row.pinId === null ? null : String(row.pinId),
    name: row.name,
    destination_url: row.destinationUrl,
    status: row.status,
    review_status: row.reviewStatus,
    rejection_reason: row.rejectionReason,
    created_at: row.createdAt.toISOString(),
  };
}
