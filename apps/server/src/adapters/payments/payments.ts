import type { PaymentMethod } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';

/** How a payer pays: what the billing page shows (decision 62). */
export interface PaymentAccount {
  /** The reference to quote (the invoice account's), or the provider's account id. */
  reference: string;
  /** One sentence for the billing page. */
  instructions: string;
}

/**
 * The payment adapter (decision 62): opens an ad account's payer account when its billing details
 * are saved, and collects each monthly invoice. The development implementation is an invoice
 * account kept in the database (monthly invoice, paid by bank transfer quoting a reference; the
 * operator marks invoices paid with `npm run admin -- invoices mark-paid`). A card or direct-debit
 * provider would implement the same calls and mark invoices paid when it is paid.
 */
export interface PaymentAdapter {
  readonly method: PaymentMethod;
  /** Opens the ad account's payer account, or answers the one it has. */
  openAccount(db: Executor, advertiserId: number): Promise<PaymentAccount>;
  /** The ad account's payer account, null before its billing details are saved. */
  findAccount(db: Executor, advertiserId: number): Promise<PaymentAccount | null>;
  /** Asks for an invoice's payment; answers the reference the payer quotes. */
  collect(
    db: Executor,
    invoice: { advertiserId: number; month: string; amountMicro: number; currency: string },
  ): Promise<{ reference: string }>;
}
