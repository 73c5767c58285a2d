import { sql } from 'drizzle-orm';
import { bigint, date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CURRENCIES, INVOICE_STATUSES } from '@pinboard/shared';
import { advertisers } from './business.ts';

/**
 * The development payment adapter's accounts (decision 62): an invoice account per ad account,
 * paid by bank transfer quoting its reference. A real payment provider keeps these itself.
 */
export const invoiceAccounts = pgTable('invoice_accounts', {
  advertiserId: bigint('advertiser_id', { mode: 'number' })
    .primaryKey()
    .references(() => advertisers.id, { onDelete: 'cascade' }),
  reference: text('reference').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A monthly invoice (decision 62): the ledger's charges (`ad_charges`) of one ad account for one
 * calendar month of its time zone, issued once the month is over; one per account and month.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    advertiserId: bigint('advertiser_id', { mode: 'number' })
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    /** The first day of the month it bills. */
    month: date('month').notNull(),
    amountMicro: bigint('amount_micro', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('open'),
    /** The payment adapter's reference to quote when paying. */
    paymentReference: text('payment_reference').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last day to pay, in the ad account's time zone. */
    dueDate: date('due_date').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoices_advertiser_month_key').on(t.advertiserId, t.month),
    index('invoices_open_idx')
      .on(t.advertiserId, t.dueDate)
      .where(sql`${t.status} = 'open'`),
  ],
);
