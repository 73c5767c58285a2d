import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { PROMOTED_EVENTS_MAX } from './promoted-events.ts';
import {
  CalendarDateSchema,
  CAMPAIGN_OBJECTIVES,
  CONVERSION_EVENTS,
  OptimizationGoalMetadataSchema,
  CURRENCIES,
  MAX_BUDGET,
  MICRO_PER_UNIT,
  TargetingSpecSchema,
} from './quick-promote.ts';

/**
 * Business accounts, business access and ad accounts (docs/product/business.md, decision 55).
 */

/** The roles a person may hold on a business profile. */
export const BUSINESS_ROLES = ['OWNER', 'ADMIN', 'CAMPAIGN_MANAGER', 'ANALYST'] as const;
export type BusinessRole = (typeof BUSINESS_ROLES)[number];

/** What a role may do; every advertiser call names the permission it needs. */
export const BUSINESS_PERMISSIONS = [
  /** See the business's ad accounts, campaigns, ad groups, ads and their figures. */
  'view_ads',
  /** Create, change, pause and archive campaigns, ad groups and ads; promote pins. */
  'manage_ads',
  /** See and change an ad account's billing profile. */
  'manage_billing',
  /** Open new ad accounts for the business. */
  'manage_ad_accounts',
  /** Invite people, change and remove their roles (never an owner's, unless an owner). */
  'manage_people',
] as const;
export type BusinessPermission = (typeof BUSINESS_PERMISSIONS)[number];

/** The written list of what each role may do (the same list is in docs/product/business.md). */
export const ROLE_PERMISSIONS: Record<BusinessRole, readonly BusinessPermission[]> = {
  OWNER: ['view_ads', 'manage_ads', 'manage_billing', 'manage_ad_accounts', 'manage_people'],
  ADMIN: ['view_ads', 'manage_ads', 'manage_billing', 'manage_ad_accounts', 'manage_people'],
  CAMPAIGN_MANAGER: ['view_ads', 'manage_ads'],
  ANALYST: ['view_ads'],
};

export function roleMay(role: BusinessRole, permission: BusinessPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * Whether a person may act as a profile: always as their own (they are its owner), and as
 * another one with the owner role or with two-factor login on.
 */
export function mayActAs(profile: {
  permissions: readonly BusinessRole[];
  viewerMeetsMfaRequirement: boolean;
}) {
  return profile.permissions.includes('OWNER') || profile.viewerMeetsMfaRequirement;
}

/** Profiles for a switcher: business names sorted alphabetically (case and accents folded). */
export function sortProfilesByName<T extends { user: { businessName: string } }>(profiles: T[]): T[] {
  return [...profiles].sort((a, b) =>
    a.user.businessName.localeCompare(b.user.businessName, undefined, { sensitivity: 'base' }),
  );
}

const CountrySchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'Expected a country code.')
  .transform((value) => value.toUpperCase());

export const BUSINESS_NAME_MAX = 100;

/** `POST /v3/business/convert/` and `POST /v3/business/create/`. */
export const BusinessFormSchema = z.strictObject({
  business_name: z.string().trim().min(1).max(BUSINESS_NAME_MAX),
  country: CountrySchema,
  website_url: z.string().trim().max(2048).optional(),
});
export type BusinessForm = z.input<typeof BusinessFormSchema>;

/** One profile of the profiles map (`GET /vx/business_access/profiles/`). */
export const BusinessAccessProfileSchema = z.object({
  id: IdSchema,
  permissions: z.array(z.enum(BUSINESS_ROLES)),
  user: z.object({
    username: z.string(),
    businessName: z.string(),
    imgUrl: z.string().nullable(),
    merchantId: z.string().nullable(),
    scheduledPinCount: z.number().int(),
    eligibleForStlTool: z.boolean(),
  }),
  viewerMeetsMfaRequirement: z.boolean(),
});
export type BusinessAccessProfile = z.infer<typeof BusinessAccessProfileSchema>;
export const BusinessAccessProfilesSchema = z.object({
  profiles: z.record(z.string(), BusinessAccessProfileSchema),
});
export type BusinessAccessProfiles = z.infer<typeof BusinessAccessProfilesSchema>;

export const AdvertiserSchema = z.object({
  id: IdSchema,
  name: z.string(),
  /** The business profile (an account) the ad account belongs to. */
  owner_user_id: IdSchema,
  country: z.string(),
  currency: z.enum(CURRENCIES),
  time_zone: z.string(),
  /** The acting person's role on it. */
  role: z.enum(BUSINESS_ROLES),
  has_billing_profile: z.boolean(),
  /** Set while its ads are stopped because an invoice is unpaid past the limit (decision 62). */
  billing_stopped_at: z.string().nullable(),
  created_at: z.string(),
});
export type Advertiser = z.infer<typeof AdvertiserSchema>;

export const CreateAdvertiserSchema = z.strictObject({
  name: z.string().trim().min(1).max(BUSINESS_NAME_MAX),
  country: CountrySchema,
  /** The business profile it belongs to; the viewer's own account when absent. */
  business_profile_id: IdSchema.optional(),
});

export const BusinessConversionSchema = z.object({
  profile: BusinessAccessProfileSchema,
  advertiser: AdvertiserSchema,
});
export type BusinessConversion = z.infer<typeof BusinessConversionSchema>;

export const MemberSchema = z.object({
  user_id: IdSchema.nullable(),
  username: z.string().nullable(),
  full_name: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(BUSINESS_ROLES),
  /** `member` for someone with access, `invited` for an invitation not yet accepted. */
  state: z.enum(['member', 'invited']),
  invite_id: IdSchema.nullable(),
});
export type Member = z.infer<typeof MemberSchema>;
export const MembersSchema = z.object({ members: z.array(MemberSchema) });

export const InviteMemberSchema = z.strictObject({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Enter a valid email address.' })),
  role: z.enum(BUSINESS_ROLES),
});

export const BusinessInviteSchema = z.object({
  id: IdSchema,
  business_name: z.string(),
  profile_id: IdSchema,
  role: z.enum(BUSINESS_ROLES),
  email: z.string(),
  status: z.enum(['pending', 'accepted', 'revoked']),
});
export type BusinessInvite = z.infer<typeof BusinessInviteSchema>;

export const InviteTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'Expected an invitation token.');

export const CAMPAIGN_STATUSES = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'COMPLETED'] as const;
/** The statuses a person may set (COMPLETED comes when the end date has passed). */
export const SETTABLE_STATUSES = ['ACTIVE', 'PAUSED', 'ARCHIVED'] as const;
export const REVIEW_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const REJECTION_REASONS = ['link_blocked', 'pin_on_secret_board', 'pin_removed'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];
export const BUDGET_TYPES = ['DAILY', 'LIFETIME'] as const;

const BudgetMicroSchema = z
  .number()
  .int()
  .positive()
  .max(MAX_BUDGET * MICRO_PER_UNIT);

export const CampaignSchema = z.object({
  id: IdSchema,
  advertiser_id: IdSchema,
  name: z.string(),
  objective_type: z.enum(CAMPAIGN_OBJECTIVES),
  status: z.enum(CAMPAIGN_STATUSES),
  budget_type: z.enum(BUDGET_TYPES),
  budget_in_micro_currency: z.number().int(),
  /** Most the campaign may spend over its life, or null for no limit. */
  lifetime_spend_cap_in_micro_currency: z.number().int().nullable(),
  start_date: z.string(),
  /** Inclusive; null while ongoing. */
  end_date: z.string().nullable(),
  is_ongoing: z.boolean(),
  ads_client_type: z.string().nullable(),
  spend_in_micro_currency: z.number().int(),
  created_at: z.string(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

export const CreateCampaignSchema = z.strictObject({
  name: z.string().trim().min(1).max(64),
  objective_type: z.enum(CAMPAIGN_OBJECTIVES),
  status: z.enum(['ACTIVE', 'PAUSED']).optional(),
  budget_type: z.enum(BUDGET_TYPES),
  budget_in_micro_currency: BudgetMicroSchema,
  lifetime_spend_cap_in_micro_currency: BudgetMicroSchema.nullable().optional(),
  start_date: CalendarDateSchema.optional(),
  end_date: CalendarDateSchema.nullable().optional(),
});
export const UpdateCampaignSchema = z.strictObject({
  name: z.string().trim().min(1).max(64).optional(),
  status: z.enum(SETTABLE_STATUSES).optional(),
  budget_in_micro_currency: BudgetMicroSchema.optional(),
  lifetime_spend_cap_in_micro_currency: BudgetMicroSchema.nullable().optional(),
  start_date: CalendarDateSchema.optional(),
  end_date: CalendarDateSchema.nullable().optional(),
});

export const BID_STRATEGIES = ['AUTOMATIC', 'MAX_BID'] as const;

export const AdGroupSchema = z.object({
  id: IdSchema,
  advertiser_id: IdSchema,
  campaign_id: IdSchema,
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  budget_type: z.enum(BUDGET_TYPES),
  budget_in_micro_currency: z.number().int().nullable(),
  bid_strategy: z.enum(BID_STRATEGIES),
  bid_in_micro_currency: z.number().int().nullable(),
  auto_targeting_enabled: z.boolean(),
  targeting_spec: TargetingSpecSchema,
  conversion_tag_id: IdSchema.nullable(),
  conversion_event: z.enum(CONVERSION_EVENTS).nullable(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  created_at: z.string(),
});
export type AdGroup = z.infer<typeof AdGroupSchema>;

export const CreateAdGroupSchema = z.strictObject({
  campaign_id: IdSchema,
  name: z.string().trim().min(1).max(64),
  status: z.enum(['ACTIVE', 'PAUSED']).optional(),
  budget_in_micro_currency: BudgetMicroSchema.nullable().optional(),
  bid_strategy: z.enum(BID_STRATEGIES).optional(),
  bid_in_micro_currency: BudgetMicroSchema.nullable().optional(),
  auto_targeting_enabled: z.boolean().optional(),
  targeting_spec: TargetingSpecSchema.optional(),
  /** Required in a WEB_CONVERSION campaign, which pays per conversion its tag reports. */
  optimization_goal_metadata: OptimizationGoalMetadataSchema.optional(),
});
export const UpdateAdGroupSchema = z.strictObject({
  name: z.string().trim().min(1).max(64).optional(),
  status: z.enum(SETTABLE_STATUSES).optional(),
  budget_in_micro_currency: BudgetMicroSchema.nullable().optional(),
  bid_in_micro_currency: BudgetMicroSchema.nullable().optional(),
  auto_targeting_enabled: z.boolean().optional(),
  targeting_spec: TargetingSpecSchema.optional(),
});

export const AdSchema = z.object({
  id: IdSchema,
  advertiser_id: IdSchema,
  campaign_id: IdSchema,
  ad_group_id: IdSchema,
  pin_id: IdSchema.nullable(),
  name: z.string(),
  destination_url: z.string().nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  review_status: z.enum(REVIEW_STATUSES),
  rejection_reason: z.enum(REJECTION_REASONS).nullable(),
  created_at: z.string(),
});
export type Ad = z.infer<typeof AdSchema>;

export const CreateAdSchema = z.strictObject({
  ad_group_id: IdSchema,
  pin_id: IdSchema,
  name: z.string().trim().min(1).max(64).optional(),
  destination_url: z.string().trim().max(2048).nullable().optional(),
  status: z.enum(['ACTIVE', 'PAUSED']).optional(),
});
export const UpdateAdSchema = z.strictObject({
  name: z.string().trim().min(1).max(64).optional(),
  status: z.enum(SETTABLE_STATUSES).optional(),
});

export const ConversionTagSchema = z.object({
  id: IdSchema,
  advertiser_id: IdSchema,
  name: z.string(),
  created_at: z.string(),
});
export const CreateConversionTagSchema = z.strictObject({ name: z.string().trim().min(1).max(64) });

/** How an ad account pays (decision 62): the payment adapter's methods; invoice is the one built. */
export const PAYMENT_METHODS = ['invoice'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const INVOICE_STATUSES = ['open', 'paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** Letters and digits, separated by single spaces, dots, dashes or slashes: 2 to 30 characters. */
export const TAX_ID_PATTERN = /^[A-Za-z0-9]+(?:[ ./-]?[A-Za-z0-9]+)*$/;

export const BillingProfileSchema = z.object({
  advertiser_id: IdSchema,
  business_name: z.string(),
  address: z.string(),
  country: z.string(),
  currency: z.enum(CURRENCIES),
  tax_id: z.string().nullable(),
  payment_method: z.enum(PAYMENT_METHODS),
  /** The payment adapter's account: for the invoice account, the reference to quote when paying. */
  payment_account: z.object({ reference: z.string(), instructions: z.string() }).nullable(),
  /** Set while the account's ads are stopped for unpaid invoices. */
  billing_stopped_at: z.string().nullable(),
});
export type BillingProfile = z.infer<typeof BillingProfileSchema>;
export const PutBillingProfileSchema = z.strictObject({
  business_name: z
    .string({ error: 'billing_business_name_invalid' })
    .trim()
    .min(1, { error: 'billing_business_name_invalid' })
    .max(BUSINESS_NAME_MAX, { error: 'billing_business_name_invalid' }),
  address: z
    .string({ error: 'billing_address_invalid' })
    .trim()
    .min(1, { error: 'billing_address_invalid' })
    .max(500, { error: 'billing_address_invalid' }),
  /** Blank or null: none. */
  tax_id: z
    .string({ error: 'billing_tax_id_invalid' })
    .trim()
    .max(30, { error: 'billing_tax_id_invalid' })
    .refine((id) => id === '' || (id.length >= 2 && TAX_ID_PATTERN.test(id)), {
      error: 'billing_tax_id_invalid',
    })
    .nullable()
    .optional(),
});

/** A monthly invoice: the ledger's charges of one calendar month of the ad account (decision 62). */
export const InvoiceSchema = z.object({
  id: IdSchema,
  advertiser_id: IdSchema,
  /** YYYY-MM. */
  month: z.string(),
  amount_in_micro_currency: z.number().int(),
  currency: z.enum(CURRENCIES),
  status: z.enum(INVOICE_STATUSES),
  payment_reference: z.string(),
  issued_at: z.string(),
  /** The last day to pay, in the ad account's time zone. */
  due_date: z.string(),
  paid_at: z.string().nullable(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** What quick promote made: the campaign, its ad group and its ad (reviewed at once). */
export const QuickPromoteResultSchema = z.object({
  campaign: CampaignSchema,
  ad_group: AdGroupSchema,
  ad: AdSchema,
  billing_url: z.string(),
});
export type QuickPromoteResult = z.infer<typeof QuickPromoteResultSchema>;

export const BusinessHubSchema = z.object({
  profile: BusinessAccessProfileSchema,
  advertisers: z.array(AdvertiserSchema),
  recent_campaigns: z.array(CampaignSchema),
  /** Spend of its campaigns per currency (the pins to promote are the profile's own: listUserPins). */
  spend: z.array(z.object({ currency: z.enum(CURRENCIES), spend_in_micro_currency: z.number().int() })),
});
export type BusinessHub = z.infer<typeof BusinessHubSchema>;

/** The ranges reporting offers: the last 7 or 30 days of the ad account, today included. */
export const REPORT_RANGES = ['7', '30'] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];

const ResultsShape = {
  impressions: z.number().int(),
  clicks: z.number().int(),
  /** Conversions the ads' conversion tags reported after a counted click (decision 69). */
  conversions: z.number().int(),
  /** What the ledger charged, in micro-units of the ad account's currency. */
  spend_in_micro_currency: z.number().int(),
};

/**
 * `GET …/reports/`: an ad account's results over a range of its days (decision 65): every day of
 * the range (zeros included, oldest first), the campaigns with results in it (most spend first)
 * and the totals.
 */
export const AdvertiserReportSchema = z.object({
  advertiser_id: IdSchema,
  currency: z.enum(CURRENCIES),
  time_zone: z.string(),
  /** The range's first and last day (today) in the ad account's time zone, YYYY-MM-DD. */
  start_date: z.string(),
  end_date: z.string(),
  totals: z.object(ResultsShape),
  days: z.array(z.object({ date: z.string(), ...ResultsShape })),
  campaigns: z.array(
    z.object({
      campaign_id: IdSchema,
      name: z.string(),
      status: z.enum(CAMPAIGN_STATUSES),
      ...ResultsShape,
    }),
  ),
});
export type AdvertiserReport = z.infer<typeof AdvertiserReportSchema>;

/** `POST /v3/promoted/events/`: impressions the page saw (a card half visible for a second). */
export const PromotedEventsBodySchema = z.strictObject({
  events: z
    .array(z.strictObject({ ad_token: z.string().min(1).max(500), type: z.literal('impression') }))
    .min(1)
    .max(PROMOTED_EVENTS_MAX),
});
export type PromotedEventsBody = z.infer<typeof PromotedEventsBodySchema>;

/**
 * `POST /v3/promoted/conversions/`: what an advertiser's conversion tag reports from its own site
 * (decision 69): the tag, the event and the ad token the click-through handed the landing page.
 */
export const PromotedConversionsBodySchema = z.strictObject({
  events: z
    .array(
      z.strictObject({
        conversion_tag_id: IdSchema,
        event: z.enum(CONVERSION_EVENTS),
        ad_token: z.string().min(1).max(500),
      }),
    )
    .min(1)
    .max(PROMOTED_EVENTS_MAX),
});
export type PromotedConversionsBody = z.infer<typeof PromotedConversionsBodySchema>;

/** How many of the events counted (a replayed, expired or tampered token is not). */
export const PromotedEventsResultSchema = z.object({ accepted: z.number().int(), refused: z.number().int() });
