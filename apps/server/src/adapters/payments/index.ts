import type { Config } from '../../config.ts';
import { createInvoiceAccountPayments } from './invoice-account.ts';
import type { PaymentAdapter } from './payments.ts';

export type { PaymentAccount, PaymentAdapter } from './payments.ts';

/** The invoice account (the only payment method built, decision 62). */
export function createPayments(config: Pick<Config, 'billing'>): PaymentAdapter {
  return createInvoiceAccountPayments({ paymentDays: config.billing.paymentDays });
}
