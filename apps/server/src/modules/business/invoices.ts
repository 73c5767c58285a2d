import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Invoice } from '@pinboard/shared';
import type { PaymentAdapter } from '../../adapters/payments/index.ts';
import type { BillingConfig } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { selectRows } from '../../db/sql-helpers.ts';
import { runEvery, type Background } from '../../lib/background.ts';
import { clearSignedOutAnswers } from '../../lib/signed-out-answers.ts';
import { invoices } from '../../db/schema/billing.ts';
import { advertisers } from '../../db/schema/business.ts';
import { todayIn } from './business.presenter.ts';
import { addDays } from './campaign-rules.ts';

/**
 * Monthly invoices from the spend ledger and the stop of unpaid accounts (decision 62). What the
 * billing job, the admin command and the billing page share.
 */

export type BillingLimits = Pick<BillingConfig, 'paymentDays' | 'stopDaysOverdue' | 'stopUnpaidOverMicro'>;

type InvoiceRow = typeof invoices.$inferSelect;

export function presentInvoice(row: InvoiceRow): Invoice {
  return {
    id: String(row.id),
    advertiser_id: String(row.advertiserId),
    month: row.month.slice(0, 7),
    amount_in_micro_currency: row.amountMicro,
    currency: row.currency,
    status: row.status,
    payment_reference: row.paymentReference,
    issued_at: row.issuedAt.toISOString(),
    due_date: row.dueDate,
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}

/** YYYY-MM of the month before `now`'s (UTC). */
export function previousMonth(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

function monthBounds(month: string): { first: string; last: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { first: `${month}-01`, last };
}

/**
 * Issues the invoices of one month (YYYY-MM): for every ad account with charges in it whose own
 * day is already past the month's end, one invoice of their sum, due `paymentDays` after today in
 * its time zone. An account and month are invoiced once (a unique key); running it again issues
 * only what is missing. Answers the invoices issued now.
 */
export async function issueMonthlyInvoices(
  db: Executor,
  payments: PaymentAdapter,
  limits: BillingLimits,
  month: string,
  now: Date = new Date(),
): Promise<Invoice[]> {
  const { first, last } = monthBounds(month);
  const due = await selectRows<{
    advertiser_id: number;
    amount: number;
    currency: string;
    time_zone: string;
  }>(
    db,
    sql`select s.advertiser_id::int as advertiser_id, s.amount::float8 as amount, v.currency, v.time_zone
    from (
      select c.advertiser_id, sum(c.amount_micro) as amount from ad_charges c
      where c.day between ${first}::date and ${last}::date group by c.advertiser_id
    ) s
    join advertisers v on v.id = s.advertiser_id
    where s.amount > 0
      and not exists (select 1 from invoices i where i.advertiser_id = s.advertiser_id and i.month = ${first}::date)
    order by s.advertiser_id`,
  );
  const issued: Invoice[] = [];
  for (const row of due) {
    const today = todayIn(row.time_zone, now);
    if (today <= last) continue; // the account's month is not over yet
    const { reference } = await payments.collect(db, {
      advertiserId: row.advertiser_id,
      month,
      amountMicro: row.amount,
      currency: row.currency,
    });
    const [invoice] = await db
      .insert(invoices)
      .values({
        advertiserId: row.advertiser_id,
        month: first,
        amountMicro: row.amount,
        currency: row.currency as InvoiceRow['currency'],
        paymentReference: reference,
        issuedAt: now,
        dueDate: addDays(today, limits.paymentDays),
      })
      .onConflictDoNothing()
      .returning();
    if (invoice) issued.push(presentInvoice(invoice));
  }
  return issued;
}

/**
 * Whether an account is unpaid past the limit: an open invoice more than `stopDaysOverdue` days
 * past its due date in the account's day, or open invoices adding up to more than
 * `stopUnpaidOverMicro`. One condition for stopping and for serving again.
 */
function unpaidPastLimit(limits: BillingLimits, now: Date) {
  const overdue = sql`exists (select 1 from invoices i where i.advertiser_id = advertisers.id
    and i.status = 'open'
    and i.due_date + ${limits.stopDaysOverdue}::int < (${now.toISOString()}::timestamptz at time zone advertisers.time_zone)::date)`;
  if (limits.stopUnpaidOverMicro === null) return overdue;
  return sql`(${overdue} or (select coalesce(sum(i.amount_micro), 0) from invoices i
    where i.advertiser_id = advertisers.id and i.status = 'open') > ${limits.stopUnpaidOverMicro})`;
}

/**
 * Stops the accounts now unpaid past the limit and lets serve again those no longer so (all, or
 * the given ones). Answers the ids stopped and started.
 */
export async function applyBillingStops(
  db: Executor,
  limits: BillingLimits,
  now: Date = new Date(),
  only?: number[],
): Promise<{ stopped: number[]; started: number[] }> {
  const scope = only ? inArray(advertisers.id, only) : sql`true`;
  const past = unpaidPastLimit(limits, now);
  const stopped = await db
    .update(advertisers)
    .set({ billingStoppedAt: now })
    .where(and(scope, sql`${advertisers.billingStoppedAt} is null`, past))
    .returning({ id: advertisers.id });
  const started = await db
    .update(advertisers)
    .set({ billingStoppedAt: null })
    .where(and(scope, sql`${advertisers.billingStoppedAt} is not null`, sql`not ${past}`))
    .returning({ id: advertisers.id });
  // Serving keeps its candidates per instance: a change tells every instance at once.
  if (stopped.length > 0 || started.length > 0) clearSignedOutAnswers();
  return { stopped: stopped.map((r) => r.id), started: started.map((r) => r.id) };
}

/** Marks an open invoice paid, and lets its account serve again when nothing else holds it. */
export async function markInvoicePaid(
  db: Executor,
  limits: BillingLimits,
  invoiceId: number,
  now: Date = new Date(),
): Promise<Invoice | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(invoices)
      .set({ status: 'paid', paidAt: now })
      .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'open')))
      .returning();
    if (!row) return null;
    await applyBillingStops(tx, limits, now, [row.advertiserId]);
    return presentInvoice(row);
  });
}

export async function findInvoice(db: Executor, invoiceId: number): Promise<Invoice | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  return row ? presentInvoice(row) : null;
}

/** Invoices newest month first: of one account, or every account's (optionally by status). */
export async function listInvoices(
  db: Executor,
  filter: { advertiserId?: number; status?: Invoice['status'] },
  limit: number,
): Promise<Invoice[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(
      and(
        filter.advertiserId === undefined ? undefined : eq(invoices.advertiserId, filter.advertiserId),
        filter.status === undefined ? undefined : eq(invoices.status, filter.status),
      ),
    )
    .orderBy(desc(invoices.month), desc(invoices.id))
    .limit(limit);
  return rows.map(presentInvoice);
}

/** One run of the billing job: last month's invoices, then the stops. */
export async function runBilling(
  db: Executor,
  payments: PaymentAdapter,
  limits: BillingLimits,
  now: Date = new Date(),
) {
  const issued = await issueMonthlyInvoices(db, payments, limits, previousMonth(now), now);
  const stops = await applyBillingStops(db, limits, now);
  return { issued, ...stops };
}

/**
 * Runs the billing job every `everyMs` on this instance (0: never). Instances may run it at once:
 * an invoice is issued once (its unique key) and the stops are the same updates.
 */
export function startBillingJob(
  deps: { db: Executor; payments: PaymentAdapter; background: Background },
  config: BillingConfig,
): () => void {
  return runEvery(deps.background, 'billing', config.everyMs, () =>
    runBilling(deps.db, deps.payments, config),
  );
}
