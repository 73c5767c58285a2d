import { describe, expect, it } from 'vitest';
import {
  budgetProblem,
  currencyOfCountry,
  cutCampaignName,
  EURO_COUNTRIES,
  nextQuickPromoteStep,
  promoteDataOf,
  quickPromoteBillingPath,
  quickPromoteBody,
  quickPromoteErrorArea,
  QuickPromoteBodySchema,
  toMicroCurrency,
  type QuickPromoteFormValues,
  type QuickPromoteState,
} from './quick-promote.ts';
import { canPromotePin } from './saving.ts';

describe('currency by country', () => {
  it('is EUR for the eight euro countries, the named currencies, else USD', () => {
    expect(EURO_COUNTRIES).toHaveLength(8);
    for (const country of EURO_COUNTRIES) expect(currencyOfCountry(country)).toBe('EUR');
    expect(
      ['AU', 'CA', 'CH', 'DK', 'GB', 'NO', 'NZ', 'SE'].map((country) =>
        currencyOfCountry(country.toLowerCase()),
      ),
    ).toEqual(['AUD', 'CAD', 'CHF', 'DKK', 'GBP', 'NOK', 'NZD', 'SEK']);
    for (const country of ['US', 'CZ', 'BR', 'JP', 'XX']) expect(currencyOfCountry(country)).toBe('USD');
  });
});

describe('budgets and durations by country', () => {
  it('has the minimum and default budgets the product names, and 30 days in SE, NO and DK', () => {
    const figures = (country: string) => {
      const data = promoteDataOf(country);
      return [data.minBudget, data.defaultBudget, data.defaultDuration];
    };
    expect(figures('US')).toEqual([3, 7, 10]);
    expect(figures('GB')).toEqual([1, 5, 10]);
    expect(figures('CZ')).toEqual([80, 150, 10]);
    expect(figures('SE')).toEqual([10, 70, 30]);
    expect(figures('NO')).toEqual([10, 70, 30]);
    expect(figures('DK')[1]).toBe(50);
    expect(figures('DK')[2]).toBe(30);
    expect(figures('AU')[1]).toBe(10);
    // Outside the list: the default country's.
    expect(figures('BR')).toEqual(figures('US'));
  });

  it('keeps a budget in micro-currency within the minimum and 1,000,000', () => {
    expect(toMicroCurrency(7)).toBe(7_000_000);
    expect(toMicroCurrency(0.1 + 0.2)).toBe(300_000);
    expect(budgetProblem(2_999_999, 'US')).toBe('budget_below_minimum');
    expect(budgetProblem(3_000_000, 'US')).toBeNull();
    expect(budgetProblem(1_000_000_000_000, 'US')).toBeNull();
    expect(budgetProblem(1_000_000_000_001, 'US')).toBe('budget_above_maximum');
    expect(budgetProblem(79_000_000, 'CZ')).toBe('budget_below_minimum');
  });
});

describe('cutCampaignName', () => {
  it('cuts a name of 64 characters or more to 62 and an ellipsis', () => {
    expect(cutCampaignName('a'.repeat(63))).toBe('a'.repeat(63));
    expect(cutCampaignName('a'.repeat(64))).toBe(`${'a'.repeat(62)}…`);
    expect(cutCampaignName('a'.repeat(200))).toHaveLength(63);
    // Characters, not UTF-16 units: an emoji is not split.
    expect(cutCampaignName('😀'.repeat(64))).toBe(`${'😀'.repeat(62)}…`);
  });
});

describe('nextQuickPromoteStep', () => {
  const state = (overrides: Partial<QuickPromoteState> = {}): QuickPromoteState => ({
    modalError: false,
    businessValid: false,
    billingValid: false,
    onQuickPromotePage: false,
    ...overrides,
  });

  it('from the first step: the error modal, else success, else billing, else the business form', () => {
    expect(
      nextQuickPromoteStep(
        'pin_selection',
        state({ modalError: true, businessValid: true, billingValid: true }),
      ),
    ).toBe('error');
    expect(nextQuickPromoteStep('pin_selection', state({ businessValid: true, billingValid: true }))).toBe(
      'success',
    );
    expect(nextQuickPromoteStep('pin_selection', state({ businessValid: true }))).toBe('billing_form');
    expect(nextQuickPromoteStep('pin_selection', state())).toBe('business_form');
    // Billing alone is not enough.
    expect(nextQuickPromoteStep('pin_selection', state({ billingValid: true }))).toBe('business_form');
    expect(nextQuickPromoteStep('pin_selection', state({ onQuickPromotePage: true }))).toBe('pin_selection');
  });

  it('moves forward one step at a time; past the success or the error modal the flow ends', () => {
    expect(nextQuickPromoteStep('business_form', state())).toBe('billing_form');
    expect(nextQuickPromoteStep('billing_form', state())).toBe('success');
    expect(nextQuickPromoteStep('success', state())).toBeNull();
    expect(nextQuickPromoteStep('error', state({ modalError: true }))).toBeNull();
  });
});

describe('quickPromoteErrorArea', () => {
  it('shows message_detail on the pin for 401, in the modal otherwise; without one, the modal and no message', () => {
    expect(quickPromoteErrorArea(401, 'Log in')).toEqual({ area: 'pin', message: 'Log in' });
    expect(quickPromoteErrorArea(400, 'Too low')).toEqual({ area: 'modal', message: 'Too low' });
    expect(quickPromoteErrorArea(401, null)).toEqual({ area: 'modal', message: null });
  });
});

describe('quickPromoteBody', () => {
  const values: QuickPromoteFormValues = {
    name: 'n'.repeat(70),
    destination_url: 'https://example.com',
    budget: 7,
    duration: 10,
    inclusive_end_date: '2026-12-31',
    is_ongoing: false,
    advertiser_id: '5',
    ages: ['25-34'],
    interests: ['baking'],
    genders: ['female'],
    ad_type: 'CONSIDERATION',
    selected_ocpm_tag: null,
    isAutoTargeting: true,
  };

  it('sends the budget in micro-currency, the cut name, the fixed fields and the end date when not ongoing', () => {
    const body = quickPromoteBody(values, '9');
    expect(body).toEqual({
      budget_in_micro_currency: 7_000_000,
      campaign_name: `${'n'.repeat(62)}…`,
      destination_url: 'https://example.com',
      duration: 10,
      auto_targeting_enabled: true,
      is_ongoing: false,
      start_now: true,
      targeting_spec: { ages: ['25-34'], genders: ['female'], interests: ['baking'] },
      advertiser_id: '5',
      ads_client_type: 'quick_promote',
      pin_id: '9',
      product_group_id: null,
      flexible_daily_budget_enabled: false,
      inclusive_end_date: '2026-12-31',
    });
    expect(QuickPromoteBodySchema.safeParse(body).success).toBe(true);
  });

  it('leaves the end date out when ongoing or blank; no destination without a pin', () => {
    expect(quickPromoteBody({ ...values, is_ongoing: true }, '9')).not.toHaveProperty('inclusive_end_date');
    expect(quickPromoteBody({ ...values, inclusive_end_date: ' ' }, '9')).not.toHaveProperty(
      'inclusive_end_date',
    );
    expect(quickPromoteBody(values, null).destination_url).toBeNull();
  });

  it('adds the objective and the conversion tag for web conversions only', () => {
    const tag = { conversionTagId: '3', conversionEvent: 'CHECKOUT' as const };
    expect(
      quickPromoteBody({ ...values, ad_type: 'WEB_CONVERSION', selected_ocpm_tag: tag }, '9'),
    ).toMatchObject({
      objective_type: 'WEB_CONVERSION',
      optimization_goal_metadata: {
        conversion_tag_v3_goal_metadata: { conversion_tag_id: '3', conversion_event: 'CHECKOUT' },
      },
    });
    expect(quickPromoteBody({ ...values, selected_ocpm_tag: tag }, '9')).not.toHaveProperty('objective_type');
  });

  it('links to the billing page of the campaign', () => {
    expect(quickPromoteBillingPath('5', '77')).toBe(
      '/advertiser/5/billing/?campaign_id=77&objective_type=CLICKTHROUGH&is_quick_promote=true',
    );
  });
});

describe('quick promote eligibility', () => {
  const now = new Date('2026-11-26T00:00:00Z');
  const viewer = {
    type: 'AUTH',
    isPartner: false,
    createdAt: '2026-11-01T00:00:00Z',
    client_context: { country: 'US' },
  };
  it('is offered only in the quick-promote countries', () => {
    expect(canPromotePin(viewer, now)).toBe(true);
    expect(canPromotePin({ ...viewer, client_context: { country: 'BR' } }, now)).toBe(false);
    expect(canPromotePin({ ...viewer, client_context: { country: 'SE' } }, now)).toBe(true);
  });
  it('takes the cut-off as a setting', () => {
    expect(canPromotePin(viewer, now, 10)).toBe(false);
    expect(canPromotePin(viewer, now, 30)).toBe(true);
  });
});
