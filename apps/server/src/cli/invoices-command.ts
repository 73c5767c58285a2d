import type { Invoice } from '@pinboard/shared';
import { createPayments } from '../adapters/payments/index.ts';
import {
  applyBillingStops,
  findInvoice,
  issueMonthlyInvoices,
  listInvoices,
  markInvoicePaid,
  previousMonth,
} from '../modules/business/invoices.ts';
import { AdminUsageError, type AdminContext } from './commands.ts';

export const INVOICES_USAGE = `Expected one of:
  invoices list [--advertiser <id>] [--status open|paid] [--limit <n>]
  invoices issue [--month YYYY-MM]   (last month when not given)
  invoices mark-paid <invoice id>
  invoices check`;

function line(invoice: Invoice): string {
  const amount = (invoice.amount_in_micro_currency / 1_000_000).toFixed(2);
  return [
    `#${invoice.id}`,
    `ad account ${invoice.advertiser_id}`,
    invoice.month,
    `${amount} ${invoice.currency}`,
    invoice.status === 'paid' ? `paid ${invoice.paid_at!.slice(0, 10)}` : `open, due ${invoice.due_date}`,
    `ref ${invoice.payment_reference}`,
  ].join('  ');
}

function stopsText(stops: { stopped: number[]; started: number[] }): string {
  return [
    stops.stopped.length > 0 ? `Stopped (unpaid): ad accounts ${stops.stopped.join(', ')}.` : '',
    stops.started.length > 0 ? `Serving again: ad accounts ${stops.started.join(', ')}.` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * `npm run admin -- invoices …` (decision 62): list monthly invoices, issue a month's, mark one
 * paid (the invoice account's bank transfer arrived) and apply the unpaid stops now.
 */
export async function runInvoicesCommand({ db, config }: AdminContext, args: string[]): Promise<string> {
  const [verb, ...rest] = args;
  const options = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i]!;
    if (arg.startsWith('--')) {
      const value = rest[i + 1];
      if (value === undefined) throw new AdminUsageError(INVOICES_USAGE);
      options.set(arg, value);
      i += 1;
    } else positional.push(arg);
  }
  const allowed = (...names: string[]) => {
    for (const name of options.keys()) if (!names.includes(name)) throw new AdminUsageError(INVOICES_USAGE);
  };
  switch (verb) {
    case 'list': {
      allowed('--advertiser', '--status', '--limit');
      const advertiser = options.get('--advertiser');
      const status = options.get('--status');
      const limit = options.get('--limit') ?? '100';
      if (positional.length > 0 || (advertiser !== undefined && !/^\d{1,15}$/.test(advertiser)))
        throw new AdminUsageError(INVOICES_USAGE);
      if (status !== undefined && status !== 'open' && status !== 'paid')
        throw new AdminUsageError(INVOICES_USAGE);
      if (!/^\d{1,4}$/.test(limit) || Number(limit) < 1 || Number(limit) > 1000)
        throw new AdminUsageError(INVOICES_USAGE);
      const rows = await listInvoices(
        db,
        {
          ...(advertiser !== undefined ? { advertiserId: Number(advertiser) } : {}),
          ...(status !== undefined ? { status } : {}),
        },
        Number(limit),
      );
      return rows.length === 0 ? 'No invoices.' : rows.map(line).join('\n');
    }
    case 'issue': {
      allowed('--month');
      const month = options.get('--month') ?? previousMonth(new Date());
      if (positional.length > 0 || !/^\d{4}-(0[1-9]|1[0-2])$/.test(month))
        throw new AdminUsageError(INVOICES_USAGE);
      const issued = await issueMonthlyInvoices(db, createPayments(config), config.billing, month);
      return issued.length === 0 ? `No invoices to issue for ${month}.` : issued.map(line).join('\n');
    }
    case 'mark-paid': {
      allowed();
      const [id] = positional;
      if (positional.length !== 1 || !/^\d{1,15}$/.test(id!)) throw new AdminUsageError(INVOICES_USAGE);
      const paid = await markInvoicePaid(db, config.billing, Number(id));
      if (paid) return `Paid: ${line(paid)}`;
      const invoice = await findInvoice(db, Number(id));
      throw new AdminUsageError(invoice ? `Invoice #${id} is already paid.` : `There is no invoice #${id}.`);
    }
    case 'check': {
      allowed();
      if (positional.length > 0) throw new AdminUsageError(INVOICES_USAGE);
      return stopsText(await applyBillingStops(db, config.billing)) || 'No ad account changed.';
    }
    default:
      throw new AdminUsageError(INVOICES_USAGE);
  }
}
