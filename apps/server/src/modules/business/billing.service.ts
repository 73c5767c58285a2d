import type { BillingProfile, PutBillingProfileSchema } from '@pinboard/shared';
import type { PaymentAccount, PaymentAdapter } from '../../adapters/payments/index.ts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { authorizeAdvertiser } from '../../policies/business-access.ts';
import {
  findBillingProfile,
  insertConversionTag,
  listConversionTagsOf,
  upsertBillingProfile,
} from './ads.repository.ts';
import { listInvoices } from './invoices.ts';

/** An ad account's conversion tags and billing details (decision 55). */

export async function listConversionTags(db: Executor, viewerId: number, advertiserId: number) {
  await authorizeAdvertiser(db, viewerId, 'view_ads', advertiserId);
  return (await listConversionTagsOf(db, advertiserId)).map(presentTag);
}

export async function createConversionTag(
  db: Executor,
  viewerId: number,
  advertiserId: number,
  name: string,
) {
  await authorizeAdvertiser(db, viewerId, 'manage_ads', advertiserId);
  return presentTag(await insertConversionTag(db, advertiserId, name));
}

function presentTag(row: { id: number; advertiserId: number; name: string; createdAt: Date }) {
  return {
    id: String(row.id),
    advertiser_id: String(row.advertiserId),
    name: row.name,
    created_at: row.createdAt.toISOString(),
  };
}

function presentBilling(
  row: NonNullable<Awaited<ReturnType<typeof findBillingProfile>>>,
  account: PaymentAccount | null,
  stoppedAt: Date | null,
): BillingProfile {
  return {
    advertiser_id: String(row.advertiserId),
    business_name: row.businessName,
    address: row.address,
    country: row.country,
    currency: row.currency,
    tax_id: row.taxId,
    payment_method: row.paymentMethod,
    payment_account: account,
    billing_stopped_at: stoppedAt?.toISOString() ?? null,
  };
}

/** The billing details and payment account (decision 62); null until they are saved. */
export async function getBillingProfile(
  db: Executor,
  payments: PaymentAdapter,
  viewerId: number,
  advertiserId: number,
) {
  const { advertiser } = await authorizeAdvertiser(db, viewerId, 'manage_billing', advertiserId);
  const row = await findBillingProfile(db, advertiserId);
  if (!row) return null;
  return presentBilling(row, await payments.findAccount(db, advertiserId), advertiser.billingStoppedAt);
}

/**
 * Saves the billing details and opens the payment adapter's account (the invoice account) when
 * there is none yet. Country and currency are the ad account's, fixed.
 */
export async function putBillingProfile(
  db: Executor,
  payments: PaymentAdapter,
  viewerId: number,
  advertiserId: number,
  body: z.output<typeof PutBillingProfileSchema>,
): Promise<BillingProfile> {
  const { advertiser } = await authorizeAdvertiser(db, viewerId, 'manage_billing', advertiserId);
  return db.transaction(async (tx) => {
    const account = await payments.openAccount(tx, advertiserId);
    const row = await upsertBillingProfile(tx, {
      advertiserId,
      businessName: body.business_name,
      address: body.address,
      country: advertiser.country,
      currency: advertiser.currency,
      taxId: body.tax_id || null,
      paymentMethod: payments.method,
      paymentAccount: account.reference,
    });
    return presentBilling(row, account, advertiser.billingStoppedAt);
  });
}

/** An ad account's monthly invoices, newest first (decision 62). */
export async function listAdvertiserInvoices(db: Executor, viewerId: number, advertiserId: number) {
  await authorizeAdvertiser(db, viewerId, 'manage_billing', advertiserId);
  return listInvoices(db, { advertiserId }, INVOICES_LISTED);
}

/** Invoices a billing page lists: ten years of months. */
export const INVOICES_LISTED = 120;
