import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/cli/commands.ts';
import { createLocalStorage } from '../../src/adapters/storage/local-storage.ts';
import { createPayments } from '../../src/adapters/payments/index.ts';
import { loadConfig } from '../../src/config.ts';
import { adCharges } from '../../src/db/schema/ad-delivery.ts';
import { invoices } from '../../src/db/schema/billing.ts';
import { advertisers, billingProfiles } from '../../src/db/schema/business.ts';
import {
  applyBillingStops,
  issueMonthlyInvoices,
  markInvoicePaid,
  previousMonth,
  type BillingLimits,
} from '../../src/modules/business/invoices.ts';
import { createAdTokens } from '../../src/modules/promoted/ad-token.ts';
import { recordAdEvent } from '../../src/modules/promoted/spend.ts';
import { dataOf, signedInBrowser } from '../helpers/board-writes.ts';
import { quickPromotedPin, type Promotion } from '../helpers/promotion.ts';
import { errorOf, type TestBrowser } from '../helpers/browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Enough other public pins for full pages (a promoted card needs nine others around it).
  const filler = await t.make.user();
  const board = await t.make.board(filler.id);
  for (let i = 0; i < 30; i += 1) await t.make.pin(filler.id, board.id, { title: `Filler ${i}` });
}, 300_000);
afterAll(() => t.close());

const limits: BillingLimits = { paymentDays: 30, stopDaysOverdue: 14, stopUnpaidOverMicro: null };
const payments = createPayments({ billing: { ...limits, everyMs: 0 } });
const admin = (...argv: string[]) => {
  const config = loadConfig({ DATA_DIR: t.dataDir });
  return runAdminCommand({ db: t.db, config, storage: createLocalStorage(config.mediaDir) }, argv);
};

type Business = Promotion;

/** A US business with billing details promoting a public pin of its own (only this one serves). */
async function business(): Promise<Business> {
  const promoted = await quickPromotedPin(t);
  await t.db.execute(sql`update ads set status = 'PAUSED' where id <> ${promoted.adId}`);
  return promoted;
}

/** Ledger rows as serving would have written them. */
async function charge(b: Business, day: string, amountMicro: number) {
  await t.db.insert(adCharges).values({
    adId: b.adId,
    adGroupId: b.adGroupId,
    campaignId: b.campaignId,
    advertiserId: Number(b.advertiserId),
    kind: 'click',
    amountMicro,
    day,
  });
}

async function promotedIn(browser: TestBrowser) {
  const response = await browser.get('/v3/feeds/home/?page_size=25');
  expect(response.status).toBe(200);
  return (dataOf(response) as { id: string; is_promoted?: true }[]).filter((card) => card.is_promoted);
}

describe('billing details and the payment adapter', () => {
  it('saves the details with an invoice account; bad input is refused with its own message and changes nothing', async () => {
    const b = await business();
    const url = `/ads/v4/advertisers/${b.advertiserId}/billing_profile/`;
    const saved = dataOf(await b.browser.get(url));
    expect(saved).toMatchObject({
      business_name: 'Oven Co',
      address: '1 Main Street',
      country: 'US',
      currency: 'USD',
      tax_id: null,
      payment_method: 'invoice',
      payment_account: { reference: `PB-${b.advertiserId.padStart(8, '0')}` },
      billing_stopped_at: null,
    });
    expect(saved.payment_account.instructions).toContain('bank transfer');

    for (const [body, code, field] of [
      [{ business_name: '  ', address: 'A street' }, 'billing_business_name_invalid', 'business_name'],
      [
        { business_name: 'x'.repeat(101), address: 'A street' },
        'billing_business_name_invalid',
        'business_name',
      ],
      [{ business_name: 'B', address: '' }, 'billing_address_invalid', 'address'],
      [{ business_name: 'B', address: 'A street', tax_id: 'DE 12#34' }, 'billing_tax_id_invalid', 'tax_id'],
      [{ business_name: 'B', address: 'A street', tax_id: 'X' }, 'billing_tax_id_invalid', 'tax_id'],
      [
        { business_name: 'B', address: 'A street', tax_id: '1'.repeat(31) },
        'billing_tax_id_invalid',
        'tax_id',
      ],
    ] as const) {
      const refused = await b.browser.put(url, body);
      expect(refused.status).toBe(400);
      expect(errorOf(refused)).toMatchObject({ code, field });
      expect(errorOf(refused).message.length).toBeGreaterThan(10);
    }
    expect(dataOf(await b.browser.get(url))).toEqual(saved);

    const changed = dataOf(
      await b.browser.put(url, {
        business_name: 'Oven Co Ltd',
        address: '2 Side Street',
        tax_id: 'US-12.345/6',
      }),
    );
    expect(changed).toMatchObject({ business_name: 'Oven Co Ltd', tax_id: 'US-12.345/6' });
    expect(changed.payment_account.reference).toBe(saved.payment_account.reference);
    const cleared = dataOf(
      await b.browser.put(url, { business_name: 'Oven Co Ltd', address: '2', tax_id: '' }),
    );
    expect(cleared.tax_id).toBeNull();
  });
});

describe('monthly invoices from the ledger', () => {
  it('issues one invoice per account and month, once the account’s month is over, and lists it', async () => {
    const b = await business();
    await charge(b, '2026-09-03', 1_250_000);
    await charge(b, '2026-09-30', 750_000);
    await charge(b, '2026-10-01', 5_000_000); // the next month
    const early = await issueMonthlyInvoices(
      t.db,
      payments,
      limits,
      '2026-09',
      new Date('2026-09-30T12:00:00Z'),
    );
    expect(early.filter((i) => i.advertiser_id === b.advertiserId)).toEqual([]);
    const now = new Date('2026-10-02T12:00:00Z');
    const issued = await issueMonthlyInvoices(t.db, payments, limits, '2026-09', now);
    const mine = issued.filter((i) => i.advertiser_id === b.advertiserId);
    expect(mine).toEqual([
      expect.objectContaining({
        month: '2026-09',
        amount_in_micro_currency: 2_000_000,
        currency: 'USD',
        status: 'open',
        due_date: '2026-11-01',
        payment_reference: `PB-${b.advertiserId.padStart(8, '0')}-202609`,
        paid_at: null,
      }),
    ]);
    // Again: nothing new.
    expect(
      (await issueMonthlyInvoices(t.db, payments, limits, '2026-09', now)).filter(
        (i) => i.advertiser_id === b.advertiserId,
      ),
    ).toEqual([]);
    const listed = dataOf(await b.browser.get(`/ads/v4/advertisers/${b.advertiserId}/invoices/`));
    expect(listed).toEqual(mine);
  });

  it('the admin command lists, issues and marks paid, and refuses what it cannot do', async () => {
    const b = await business();
    await charge(b, '2026-08-10', 3_000_000);
    expect(await admin('invoices', 'issue', '--month', '2026-08')).toContain('3.00 USD');
    expect(await admin('invoices', 'issue', '--month', '2026-08')).toBe('No invoices to issue for 2026-08.');
    const listed = await admin('invoices', 'list', '--advertiser', b.advertiserId);
    const id = /^#(\d+)/.exec(listed)![1]!;
    expect(listed).toContain('open, due');
    expect(await admin('invoices', 'mark-paid', id)).toContain('paid');
    await expect(admin('invoices', 'mark-paid', id)).rejects.toThrow(`Invoice #${id} is already paid.`);
    await expect(admin('invoices', 'mark-paid', '999999999')).rejects.toThrow(
      'There is no invoice #999999999.',
    );
    await expect(admin('invoices', 'issue', '--month', '2026-13')).rejects.toThrow('Expected one of');
    await expect(admin('invoices', 'list', '--status', 'late')).rejects.toThrow('Expected one of');
    expect(await admin('invoices', 'list', '--advertiser', b.advertiserId, '--status', 'open')).toBe(
      'No invoices.',
    );
  });

  it('issues last month by default', () => {
    expect(previousMonth(new Date('2026-01-15T00:00:00Z'))).toBe('2025-12');
  });
});

describe('an account unpaid past the limit stops serving and charging, and serves again when paid', () => {
  it('days overdue: stops, says so in the hub and the billing details, and starts again when paid', async () => {
    const b = await business();
    const viewer = await signedInBrowser(t);
    expect(await promotedIn(viewer)).toHaveLength(1);
    await charge(b, '2026-07-10', 2_000_000);
    const [invoice] = await issueMonthlyInvoices(
      t.db,
      payments,
      limits,
      '2026-07',
      new Date('2026-08-02T12:00:00Z'),
    );
    expect(invoice!.due_date).toBe('2026-09-01');
    const id = Number(invoice!.id);

    // Due, but within the limit's days: still serving.
    const withinLimit = await applyBillingStops(t.db, limits, new Date('2026-09-15T12:00:00Z'));
    expect(withinLimit.stopped).not.toContain(Number(b.advertiserId));
    const stops = await applyBillingStops(t.db, limits, new Date('2026-09-16T12:00:00Z'));
    expect(stops.stopped).toContain(Number(b.advertiserId));

    expect(await promotedIn(viewer)).toEqual([]);
    const hub = dataOf(await b.browser.get(`/v3/business/${b.browser.userId}/hub/`));
    expect(hub.advertisers[0].billing_stopped_at).toEqual(expect.any(String));
    const details = dataOf(await b.browser.get(`/ads/v4/advertisers/${b.advertiserId}/billing_profile/`));
    expect(details.billing_stopped_at).toEqual(expect.any(String));

    // A token served before the stop still counts its view but charges nothing.
    const tokens = createAdTokens('x'.repeat(64));
    const now = new Date();
    const token = tokens.verify(
      tokens.sign({ adId: b.adId, viewer: 'u:1', position: 4, mode: 'cpc', priceMicro: 100_000 }, now),
      now,
    )!;
    expect(await recordAdEvent(t.db, token, 'click', now)).toBe('counted');
    const charged = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(adCharges)
      .where(eq(adCharges.advertiserId, Number(b.advertiserId)));
    expect(charged[0]!.n).toBe(1);

    // Paid: serves again at once.
    expect(await markInvoicePaid(t.db, limits, id)).toMatchObject({ status: 'paid' });
    const [row] = await t.db
      .select({ stopped: advertisers.billingStoppedAt })
      .from(advertisers)
      .where(eq(advertisers.id, Number(b.advertiserId)));
    expect(row!.stopped).toBeNull();
    expect(await promotedIn(viewer)).toHaveLength(1);
  });

  it('an unpaid amount over the limit stops before any due date', async () => {
    const b = await business();
    await charge(b, '2026-06-10', 60_000_000);
    const now = new Date('2026-07-05T12:00:00Z');
    await issueMonthlyInvoices(t.db, payments, limits, '2026-06', now);
    const amountLimit = { ...limits, stopUnpaidOverMicro: 50_000_000 };
    expect((await applyBillingStops(t.db, limits, now)).stopped).not.toContain(Number(b.advertiserId));
    expect((await applyBillingStops(t.db, amountLimit, now)).stopped).toContain(Number(b.advertiserId));
    // With a higher limit the same account serves again.
    const higher = { ...limits, stopUnpaidOverMicro: 100_000_000 };
    expect((await applyBillingStops(t.db, higher, now)).started).toContain(Number(b.advertiserId));
    await t.db.delete(invoices).where(eq(invoices.advertiserId, Number(b.advertiserId)));
  });

  it('billing details saved before the payment adapter keep working (no account row yet)', async () => {
    const b = await business();
    await t.db.execute(sql`delete from invoice_accounts where advertiser_id = ${Number(b.advertiserId)}`);
    await t.db
      .update(billingProfiles)
      .set({ paymentAccount: null })
      .where(eq(billingProfiles.advertiserId, Number(b.advertiserId)));
    const details = dataOf(await b.browser.get(`/ads/v4/advertisers/${b.advertiserId}/billing_profile/`));
    expect(details.payment_account).toBeNull();
    const saved = dataOf(
      await b.browser.put(`/ads/v4/advertisers/${b.advertiserId}/billing_profile/`, {
        business_name: 'Oven Co',
        address: '1 Main Street',
      }),
    );
    expect(saved.payment_account.reference).toBe(`PB-${b.advertiserId.padStart(8, '0')}`);
  });
});
