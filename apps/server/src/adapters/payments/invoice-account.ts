import { eq } from 'drizzle-orm';
import { invoiceAccounts } from '../../db/schema/billing.ts';
import type { PaymentAccount, PaymentAdapter } from './payments.ts';

/** The invoice account's reference: fixed per ad account, so a payer's bank can keep it. */
export function invoiceAccountReference(advertiserId: number): string {
  return `PB-${String(advertiserId).padStart(8, '0')}`;
}

/**
 * The development payment adapter (decision 62): an invoice account per ad account, kept in
 * `invoice_accounts`. Each month's invoice is paid by bank transfer quoting the account's reference
 * and the month; nothing is charged automatically.
 */
export function createInvoiceAccountPayments(options: { paymentDays: number }): PaymentAdapter {
  const present = (reference: string): PaymentAccount => ({
    reference,
    instructions: `Invoice account ${reference}: a monthly invoice for the month's spend, paid by bank transfer within ${options.paymentDays} days quoting the invoice's reference.`,
  });
  return {
    method: 'invoice',
    async openAccount(db, advertiserId) {
      const reference = invoiceAccountReference(advertiserId);
      await db.insert(invoiceAccounts).values({ advertiserId, reference }).onConflictDoNothing();
      return present(reference);
    },
    async findAccount(db, advertiserId) {
      const [row] = await db
        .select({ reference: invoiceAccounts.reference })
        .from(invoiceAccounts)
        .where(eq(invoiceAccounts.advertiserId, advertiserId));
      return row ? present(row.reference) : null;
    },
    async collect(db, invoice) {
      const account = await this.openAccount(db, invoice.advertiserId);
      return { reference: `${account.reference}-${invoice.month.replace('-', '')}` };
    },
  };
}
