import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { adGroups, ads, billingProfiles, campaigns, conversionTags } from '../../db/schema/business.ts';
import { boards } from '../../db/schema/boards.ts';
import { pins } from '../../db/schema/pins.ts';
import { clearSignedOutAnswers } from '../../lib/signed-out-answers.ts';
import { activeAccountWithId } from '../../policies/visibility.ts';

export type CampaignRow = typeof campaigns.$inferSelect;
export type AdGroupRow = typeof adGroups.$inferSelect;
export type AdRow = typeof ads.$inferSelect;

/*
 * Every write of a campaign, ad group or ad below clears the promoted pins' candidate list
 * (decision 56) on this instance and, through the invalidation bus, on every other: a pause, an
 * archive, a new budget or targeting, a review's verdict shows on the next page served.
 */

export async function insertCampaign(
  db: Executor,
  values: typeof campaigns.$inferInsert,
): Promise<CampaignRow> {
  const [row] = await db.insert(campaigns).values(values).returning();
  clearSignedOutAnswers();
  return row!;
}
export async function insertAdGroup(db: Executor, values: typeof adGroups.$inferInsert): Promise<AdGroupRow> {
  const [row] = await db.insert(adGroups).values(values).returning();
  clearSignedOutAnswers();
  return row!;
}
export async function insertAd(db: Executor, values: typeof ads.$inferInsert): Promise<AdRow> {
  const [row] = await db.insert(ads).values(values).returning();
  clearSignedOutAnswers();
  return row!;
}

export function listCampaignsOf(db: Executor, advertiserId: number) {
  return db
    .select()
    .from(campaigns)
    .where(eq(campaigns.advertiserId, advertiserId))
    .orderBy(desc(campaigns.id))
    .limit(500);
}
export function listAdGroupsOf(db: Executor, advertiserId: number, filter: { campaignId?: number }) {
  return db
    .select()
    .from(adGroups)
    .where(
      and(
        eq(adGroups.advertiserId, advertiserId),
        filter.campaignId === undefined ? undefined : eq(adGroups.campaignId, filter.campaignId),
      ),
    )
    .orderBy(desc(adGroups.id))
    .limit(500);
}
export function listAdsOf(
  db: Executor,
  advertiserId: number,
  filter: { campaignId?: number; adGroupId?: number },
) {
  return db
    .select()
    .from(ads)
    .where(
      and(
        eq(ads.advertiserId, advertiserId),
        filter.campaignId === undefined ? undefined : eq(ads.campaignId, filter.campaignId),
        filter.adGroupId === undefined ? undefined : eq(ads.adGroupId, filter.adGroupId),
      ),
    )
    .orderBy(desc(ads.id))
    .limit(500);
}

/** A campaign, ad group or ad of the ad account (by both ids: another account's is missing). */
export async function findCampaign(db: Executor, advertiserId: number, id: number) {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.advertiserId, advertiserId)));
  return row ?? null;
}
export async function findAdGroup(db: Executor, advertiserId: number, id: number) {
  const [row] = await db
    .select()
    .from(adGroups)
    .where(and(eq(adGroups.id, id), eq(adGroups.advertiserId, advertiserId)));
  return row ?? null;
}
export async function findAd(db: Executor, advertiserId: number, id: number) {
  const [row] = await db
    .select()
    .from(ads)
    .where(and(eq(ads.id, id), eq(ads.advertiserId, advertiserId)));
  return row ?? null;
}

export async function updateCampaignRow(
  db: Executor,
  id: number,
  set: Partial<typeof campaigns.$inferInsert>,
) {
  const [row] = await db
    .update(campaigns)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(campaigns.id, id))
    .returning();
  clearSignedOutAnswers();
  return row!;
}
export async function updateAdGroupRow(db: Executor, id: number, set: Partial<typeof adGroups.$inferInsert>) {
  const [row] = await db.update(adGroups).set(set).where(eq(adGroups.id, id)).returning();
  clearSignedOutAnswers();
  return row!;
}
export async function updateAdRow(db: Executor, id: number, set: Partial<typeof ads.$inferInsert>) {
  const [row] = await db.update(ads).set(set).where(eq(ads.id, id)).returning();
  clearSignedOutAnswers();
  return row!;
}

/**
 * A campaign's new dates and daily budget carry to its ad groups that had the old ones: every ad
 * group starts with its campaign's dates (none changes them on its own), and quick promote gives
 * its ad group the campaign's daily budget, which serving and spend read first. An ad group given
 * a budget of its own keeps it.
 */
export async function carryToAdGroups(db: Executor, before: CampaignRow, after: CampaignRow): Promise<void> {
  if (before.startDate !== after.startDate || before.endDate !== after.endDate) {
    await db
      .update(adGroups)
      .set({ startDate: after.startDate, endDate: after.endDate })
      .where(
        and(
          eq(adGroups.campaignId, after.id),
          eq(adGroups.startDate, before.startDate),
          before.endDate === null ? isNull(adGroups.endDate) : eq(adGroups.endDate, before.endDate),
        ),
      );
  }
  if (after.budgetType === 'DAILY' && before.budgetMicro !== after.budgetMicro) {
    await db
      .update(adGroups)
      .set({ budgetMicro: after.budgetMicro })
      .where(and(eq(adGroups.campaignId, after.id), eq(adGroups.budgetMicro, before.budgetMicro)));
  }
  clearSignedOutAnswers();
}

/** An archived campaign archives its ad groups and ads with it. */
export async function archiveChildren(db: Executor, campaignId: number): Promise<void> {
  await db.update(adGroups).set({ status: 'ARCHIVED' }).where(eq(adGroups.campaignId, campaignId));
  await db.update(ads).set({ status: 'ARCHIVED' }).where(eq(ads.campaignId, campaignId));
  clearSignedOutAnswers();
}

/** What review reads of a pin: its pinner, link, board privacy, and whether its pinner is active. */
export async function findPinForReview(db: Executor, pinId: number) {
  const [row] = await db
    .select({
      id: pins.id,
      pinnerId: pins.pinnerId,
      link: pins.link,
      privacy: boards.privacy,
      pinnerActive: sql<boolean>`${activeAccountWithId(pins.pinnerId)}`,
    })
    .from(pins)
    .innerJoin(boards, eq(boards.id, pins.boardId))
    .where(eq(pins.id, pinId));
  return row ?? null;
}

/** The ads of a pin (for a review again when the pin or its board changes). */
export function listAdsOfPin(db: Executor, pinId: number) {
  return db.select().from(ads).where(eq(ads.pinId, pinId));
}

/** The ads of the pins on a board. */
export function listAdsOnBoard(db: Executor, boardId: number) {
  return db
    .select({ id: ads.id, pinId: ads.pinId, destinationUrl: ads.destinationUrl })
    .from(ads)
    .innerJoin(pins, eq(pins.id, ads.pinId))
    .where(eq(pins.boardId, boardId));
}

export async function findConversionTag(db: Executor, advertiserId: number, id: number) {
  const [row] = await db
    .select()
    .from(conversionTags)
    .where(and(eq(conversionTags.id, id), eq(conversionTags.advertiserId, advertiserId)));
  return row ?? null;
}
export function listConversionTagsOf(db: Executor, advertiserId: number) {
  return db
    .select()
    .from(conversionTags)
    .where(eq(conversionTags.advertiserId, advertiserId))
    .orderBy(conversionTags.id);
}
export async function insertConversionTag(db: Executor, advertiserId: number, name: string) {
  const [row] = await db.insert(conversionTags).values({ advertiserId, name }).returning();
  return row!;
}

export async function findBillingProfile(db: Executor, advertiserId: number) {
  const [row] = await db.select().from(billingProfiles).where(eq(billingProfiles.advertiserId, advertiserId));
  return row ?? null;
}
export async function upsertBillingProfile(db: Executor, values: typeof billingProfiles.$inferInsert) {
  const [row] = await db
    .insert(billingProfiles)
    .values(values)
    .onConflictDoUpdate({
      target: billingProfiles.advertiserId,
      set: {
        businessName: values.businessName,
        address: values.address,
        taxId: values.taxId,
        paymentMethod: values.paymentMethod,
        paymentAccount: values.paymentAccount,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}
