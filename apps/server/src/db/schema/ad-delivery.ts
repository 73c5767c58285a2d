import { bigint, date, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { adGroups, ads, advertisers, campaigns } from './business.ts';

/** What a charge is for (decision 56; conversions, decision 69). */
export const AD_CHARGE_KINDS = ['impression', 'click', 'conversion'] as const;
export type AdEventKind = (typeof AD_CHARGE_KINDS)[number];

/**
 * What an ad group spent on one day of its ad account (decision 56). A charge is one conditional
 * update of this row (`spent + amount <= budget`), so concurrent charges against the last of a
 * daily budget can never overspend it, on PGlite and PostgreSQL alike.
 */
export const adGroupSpendDays = pgTable(
  'ad_group_spend_days',
  {
    adGroupId: bigint('ad_group_id', { mode: 'number' })
      .notNull()
      .references(() => adGroups.id, { onDelete: 'cascade' }),
    /** The calendar day in the ad account's time zone. */
    day: date('day').notNull(),
    spentMicro: bigint('spent_micro', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.adGroupId, t.day] })],
);

/** The ledger: one row per charge, in micro-units of the ad account's currency. */
export const adCharges = pgTable(
  'ad_charges',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    adId: bigint('ad_id', { mode: 'number' })
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    adGroupId: bigint('ad_group_id', { mode: 'number' })
      .notNull()
      .references(() => adGroups.id, { onDelete: 'cascade' }),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    advertiserId: bigint('advertiser_id', { mode: 'number' })
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: AD_CHARGE_KINDS }).notNull(),
    amountMicro: bigint('amount_micro', { mode: 'number' }).notNull(),
    day: date('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ad_charges_ad_idx').on(t.adId),
    index('ad_charges_campaign_idx').on(t.campaignId),
    // Monthly invoices sum one month's charges per ad account (decision 62).
    index('ad_charges_day_idx').on(t.day),
    // Reporting sums an ad account's charges over a few days (decision 65).
    index('ad_charges_advertiser_day_idx').on(t.advertiserId, t.day),
  ],
);

/**
 * What an ad was seen, clicked and converted on one day of its ad account (decision 65): counted
 * with the view, in the charge's transaction, whether the view is charged or not (a click-priced
 * ad's impressions are never in the ledger). Reporting reads these and the ledger's charges.
 */
export const adResultDays = pgTable(
  'ad_result_days',
  {
    adId: bigint('ad_id', { mode: 'number' })
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    /** The calendar day in the ad account's time zone. */
    day: date('day').notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    advertiserId: bigint('advertiser_id', { mode: 'number' })
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    conversions: bigint('conversions', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.adId, t.day] }),
    index('ad_result_days_advertiser_day_idx').on(t.advertiserId, t.day),
  ],
);

/**
 * Every promoted view's token used once per kind: a replayed impression, click or conversion is
 * refused, and a conversion counts only after its token's click. The key is the token's nonce;
 * rows that can no longer refuse or admit anything are pruned hourly (`retention.ts`).
 */
export const adTokenUses = pgTable(
  'ad_token_uses',
  {
    nonce: text('nonce').notNull(),
    kind: text('kind', { enum: AD_CHARGE_KINDS }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.nonce, t.kind] }),
    // The hourly pruning reads each kind's oldest uses first (modules/promoted/retention.ts):
    // a click's use is kept longer than an impression's (decision 69).
    index('ad_token_uses_kind_used_at_idx').on(t.kind, t.usedAt),
  ],
);
