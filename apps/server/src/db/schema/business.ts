import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  BID_STRATEGIES,
  BUDGET_TYPES,
  BUSINESS_ROLES,
  CAMPAIGN_OBJECTIVES,
  CONVERSION_EVENTS,
  CURRENCIES,
  REJECTION_REASONS,
  REVIEW_STATUSES,
  type TargetingSpec,
} from '@pinboard/shared';
import { pins } from './pins.ts';
import { users } from './users.ts';

/** Statuses stored; COMPLETED is read from the end date (decision 55). */
const STORED_STATUSES = ['ACTIVE', 'PAUSED', 'ARCHIVED'] as const;

/**
 * A business profile (decision 55): an account of type business, with its business name. Made by
 * converting a personal account (the account is its own profile) or by creating a linked one
 * (`createdBy` is the person who made it, its first owner).
 */
export const businessProfiles = pgTable('business_profiles', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  businessName: text('business_name').notNull(),
  websiteUrl: text('website_url'),
  country: text('country').notNull(),
  createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The people with a role on a business profile other than its own account (which is its owner). */
export const businessMembers = pgTable(
  'business_members',
  {
    profileId: bigint('profile_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: BUSINESS_ROLES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.memberId] }),
    index('business_members_member_idx').on(t.memberId),
  ],
);

/** An emailed invitation to a role; the link carries a token whose digest is kept. */
export const businessInvites = pgTable(
  'business_invites',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    profileId: bigint('profile_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviterId: bigint('inviter_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    role: text('role', { enum: BUSINESS_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'revoked'] })
      .notNull()
      .default('pending'),
    acceptedBy: bigint('accepted_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('business_invites_token_key').on(t.tokenHash),
    // One pending invitation per address and profile (a second one replaces the role).
    uniqueIndex('business_invites_pending_key')
      .on(t.profileId, t.email)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** An ad account: country, currency and time zone are fixed when it is made. */
export const advertisers = pgTable(
  'advertisers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The business profile (an account) it belongs to. */
    ownerUserId: bigint('owner_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    country: text('country').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    timeZone: text('time_zone').notNull(),
    /**
     * Set while the account is unpaid past the limit (decision 62): its ads neither serve nor are
     * charged until its invoices are paid. Kept by the billing check, read by serving and spend.
     */
    billingStoppedAt: timestamp('billing_stopped_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('advertisers_owner_idx').on(t.ownerUserId)],
);

/**
 * How an ad account pays (decisions 55, 62): the billing details and the payment method, an
 * account at the payment adapter (`paymentAccount`: the invoice account's reference).
 */
export const billingProfiles = pgTable('billing_profiles', {
  advertiserId: bigint('advertiser_id', { mode: 'number' })
    .primaryKey()
    .references(() => advertisers.id, { onDelete: 'cascade' }),
  businessName: text('business_name').notNull(),
  address: text('address').notNull(),
  country: text('country').notNull(),
  currency: text('currency', { enum: CURRENCIES }).notNull(),
  taxId: text('tax_id'),
  paymentMethod: text('payment_method', { enum: ['invoice'] })
    .notNull()
    .default('invoice'),
  paymentAccount: text('payment_account'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const conversionTags = pgTable(
  'conversion_tags',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    advertiserId: bigint('advertiser_id', { mode: 'number' })
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversion_tags_advertiser_idx').on(t.advertiserId)],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    advertiserId: bigint('advertiser_id', { mode: 'number' })
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    objective: text('objective', { enum: CAMPAIGN_OBJECTIVES }).notNull(),
    status: text('status', { enum: STORED_STATUSES }).notNull().default('ACTIVE'),
    budgetType: text('budget_type', { enum: BUDGET_TYPES }).notNull(),
    /** Per day (DAILY) or over the campaign's life (LIFETIME), in micro-units of the account's currency. */
    budgetMicro: bigint('budget_micro', { mode: 'number' }).notNull(),
    lifetimeSpendCapMicro: bigint('lifetime_spend_cap_micro', { mode: 'number' }),
    /** Days in the ad account's time zone; the end date is inclusive, null while ongoing. */
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    adsClientType: text('ads_client_type'),
    /** Kept by the spend ledger (billing, a later part); 0 until ads serve. */
    spendMicro: bigint('spend_micro', { mode: 'number' }).notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campaigns_advertiser_idx').on(t.advertiserId, t.id.desc())],
);

export const adGroups = pgTable(
  'ad_groups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    advertiserId: bigint('advertiser_id', { mode: 'number' })
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status', { enum: STORED_STATUSES }).notNull().default('ACTIVE'),
    budgetType: text('budget_type', { enum: BUDGET_TYPES }).notNull().default('DAILY'),
    budgetMicro: bigint('budget_micro', { mode: 'number' }),
    bidStrategy: text('bid_strategy', { enum: BID_STRATEGIES }).notNull().default('AUTOMATIC'),
    bidMicro: bigint('bid_micro', { mode: 'number' }),
    autoTargeting: boolean('auto_targeting').notNull().default(true),
    targeting: jsonb('targeting').$type<TargetingSpec>().notNull().default({}),
    conversionTagId: bigint('conversion_tag_id', { mode: 'number' }).references(() => conversionTags.id, {
      onDelete: 'set null',
    }),
    conversionEvent: text('conversion_event', { enum: CONVERSION_EVENTS }),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ad_groups_advertiser_idx').on(t.advertiserId, t.id.desc()),
    index('ad_groups_campaign_idx').on(t.campaignId),
  ],
);

export const ads = pgTable(
  'ads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    advertiserId: bigint('advertiser_id', { mode: 'number' })
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    adGroupId: bigint('ad_group_id', { mode: 'number' })
      .notNull()
      .references(() => adGroups.id, { onDelete: 'cascade' }),
    /** Null once the pin is deleted: the ad is then rejected as removed. */
    pinId: bigint('pin_id', { mode: 'number' }).references(() => pins.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    destinationUrl: text('destination_url'),
    status: text('status', { enum: STORED_STATUSES }).notNull().default('ACTIVE'),
    reviewStatus: text('review_status', { enum: REVIEW_STATUSES }).notNull().default('PENDING'),
    rejectionReason: text('rejection_reason', { enum: REJECTION_REASONS }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /**
     * Counted with the spend ledger (decision 56): the auction's expected click rate reads them,
     * and its expected conversion rate the conversions (decision 69).
     */
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    conversions: bigint('conversions', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ads_advertiser_idx').on(t.advertiserId, t.id.desc()),
    index('ads_ad_group_idx').on(t.adGroupId),
    index('ads_pin_idx')
      .on(t.pinId)
      .where(sql`${t.pinId} is not null`),
    // Serving reads only the approved, active ads: a small partial index.
    index('ads_serving_idx')
      .on(t.adGroupId)
      .where(sql`${t.status} = 'ACTIVE' and ${t.reviewStatus} = 'APPROVED' and ${t.pinId} is not null`),
  ],
);
