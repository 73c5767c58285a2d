import { z } from 'zod';
import { IdSchema } from './ids.ts';

/**
 * Quick promote (docs/product/business.md#quick-promote, decision 55): the country data, the
 * campaign-name cut, budgets in micro-currency, the steps and their rule, and the request body.
 */

/** A budget of 1 in an account's currency is this many micro-units. */
export const MICRO_PER_UNIT = 1_000_000;
/** The largest budget (and spend limit) quick promote takes, in currency units. */
export const MAX_BUDGET = 1_000_000;
/** The longest campaign quick promote makes, in days. */
export const MAX_DURATION_DAYS = 365;
export const DEFAULT_DURATION_DAYS = 10;
/** A campaign name of this length or longer is cut. */
export const CAMPAIGN_NAME_LIMIT = 64;
/** ...to this many characters and an ellipsis. */
export const CAMPAIGN_NAME_CUT = 62;
export const DEFAULT_COUNTRY = 'US';

/** The eight euro countries quick promote is offered in. */
export const EURO_COUNTRIES = ['AT', 'BE', 'DE', 'ES', 'FR', 'IE', 'IT', 'NL'] as const;

export const CURRENCIES = ['USD', 'EUR', 'AUD', 'CAD', 'CHF', 'DKK', 'GBP', 'NOK', 'NZD', 'SEK'] as const;
export type Currency = (typeof CURRENCIES)[number];

const CURRENCY_OF: Record<string, Currency> = {
  AU: 'AUD',
  CA: 'CAD',
  CH: 'CHF',
  DK: 'DKK',
  GB: 'GBP',
  NO: 'NOK',
  NZ: 'NZD',
  SE: 'SEK',
  ...Object.fromEntries(EURO_COUNTRIES.map((country) => [country, 'EUR' as const])),
};

/** An ad account's currency, fixed at creation: EUR for the euro countries, the eight named ones, else USD. */
export function currencyOfCountry(country: string): Currency {
  return CURRENCY_OF[country.toUpperCase()] ?? 'USD';
}

export interface CountryPromoteData {
  /** Smallest daily budget, in the country's currency units. */
  minBudget: number;
  /** The budget the form starts with. */
  defaultBudget: number;
  /** The duration the form starts with, in days. */
  defaultDuration: number;
  /** The ad account's time zone, fixed at creation. */
  timeZone: string;
}

/**
 * The countries quick promote is offered in, with their budgets (decision 55 says which values
 * are ours: AU's and DK's minimums, and every country past the eight the product names).
 */
export const QUICK_PROMOTE_COUNTRIES: Record<string, CountryPromoteData> = {
  US: { minBudget: 3, defaultBudget: 7, defaultDuration: 10, timeZone: 'America/New_York' },
  CA: { minBudget: 3, defaultBudget: 7, defaultDuration: 10, timeZone: 'America/Toronto' },
  GB: { minBudget: 1, defaultBudget: 5, defaultDuration: 10, timeZone: 'Europe/London' },
  IE: { minBudget: 1, defaultBudget: 5, defaultDuration: 10, timeZone: 'Europe/Dublin' },
  AU: { minBudget: 2, defaultBudget: 10, defaultDuration: 10, timeZone: 'Australia/Sydney' },
  NZ: { minBudget: 2, defaultBudget: 10, defaultDuration: 10, timeZone: 'Pacific/Auckland' },
  CZ: { minBudget: 80, defaultBudget: 150, defaultDuration: 10, timeZone: 'Europe/Prague' },
  SE: { minBudget: 10, defaultBudget: 70, defaultDuration: 30, timeZone: 'Europe/Stockholm' },
  NO: { minBudget: 10, defaultBudget: 70, defaultDuration: 30, timeZone: 'Europe/Oslo' },
  DK: { minBudget: 7, defaultBudget: 50, defaultDuration: 30, timeZone: 'Europe/Copenhagen' },
  CH: { minBudget: 3, defaultBudget: 7, defaultDuration: 10, timeZone: 'Europe/Zurich' },
  AT: { minBudget: 1, defaultBudget: 5, defaultDuration: 10, timeZone: 'Europe/Vienna' },
  BE: { minBudget: 1, defaultBudget: 5, defaultDuration: 10, timeZone: 'Europe/Brussels' },
  DE: { minBudget: 1, defaultBudget: 5, defaultDuration: 10, timeZone: 'Europe/Berlin' },
  ES: { minBudget: 1, defaultBudget: 5, defaultDuration: 10, timeZone: 'Europe/Madrid' },
  FR: { minBudget: 1, defaultBudget: 5, defaultDuration: 10, timeZone: 'Europe/Paris' },
  IT: { minBudget: 1, defaultBudget: 5, defaultDuration: 10, timeZone: 'Europe/Rome' },
  NL: { minBudget: 1, defaultBudget: 5, defaultDuration: 10, timeZone: 'Europe/Amsterdam' },
};

export const QUICK_PROMOTE_COUNTRY_CODES = Object.keys(QUICK_PROMOTE_COUNTRIES).sort();

export function isQuickPromoteCountry(country: string | null | undefined): boolean {
  return !!country && country.toUpperCase() in QUICK_PROMOTE_COUNTRIES;
}

/** A country's data; the default country's for one outside the list. */
export function promoteDataOf(country: string | null | undefined): CountryPromoteData {
  const key = (country ?? '').toUpperCase();
  return QUICK_PROMOTE_COUNTRIES[key] ?? QUICK_PROMOTE_COUNTRIES[DEFAULT_COUNTRY]!;
}

/** The campaign name as sent: cut to 62 characters and an ellipsis when it is 64 or longer. */
export function cutCampaignName(name: string): string {
  const chars = Array.from(name);
  return chars.length >= CAMPAIGN_NAME_LIMIT ? `${chars.slice(0, CAMPAIGN_NAME_CUT).join('')}…` : name;
}

/** A budget in currency units as micro-units (rounded to a whole micro-unit). */
export function toMicroCurrency(budget: number): number {
  return Math.round(budget * MICRO_PER_UNIT);
}

export function fromMicroCurrency(micro: number): number {
  return micro / MICRO_PER_UNIT;
}

/** The refusal of a budget in micro-units for the country, or null when it is within bounds. */
export function budgetProblem(
  budgetMicro: number,
  country: string,
): 'budget_below_minimum' | 'budget_above_maximum' | null {
  if (budgetMicro < toMicroCurrency(promoteDataOf(country).minBudget)) return 'budget_below_minimum';
  if (budgetMicro > toMicroCurrency(MAX_BUDGET)) return 'budget_above_maximum';
  return null;
}

/**
 * The steps of quick promote, in order. 'Moving past the last step ends the flow': the success and
 * the error modal each end it (decision 55).
 */
export const QUICK_PROMOTE_STEPS = [
  'pin_selection',
  'business_form',
  'billing_form',
  'success',
  'error',
] as const;
export type QuickPromoteStep = (typeof QUICK_PROMOTE_STEPS)[number];

export interface QuickPromoteState {
  /** The server answered the promotion with an error whose area is the modal. */
  modalError: boolean;
  /** The business details are complete: the viewer acts for an ad account. */
  businessValid: boolean;
  /** The ad account has a billing profile. */
  billingValid: boolean;
  /** The flow runs on the quick-promote page itself, which holds the business details. */
  onQuickPromotePage: boolean;
}

/**
 * The next step, or null when the flow ends. Steps move forward one at a time. From the first
 * step: an error in the modal area goes to the error modal; else valid business and billing info
 * go to the success modal; else valid business info alone goes to the billing form; otherwise the
 * business form, unless the flow is already on the quick-promote page (it stays on the first
 * step there). Moving past the success or the error modal ends the flow.
 */
export function nextQuickPromoteStep(
  current: QuickPromoteStep,
  state: QuickPromoteState,
): QuickPromoteStep | null {
  if (current === 'pin_selection') {
    if (state.modalError) return 'error';
    if (state.businessValid && state.billingValid) return 'success';
    if (state.businessValid) return 'billing_form';
    return state.onQuickPromotePage ? 'pin_selection' : 'business_form';
  }
  if (current === 'success' || current === 'error') return null;
  return QUICK_PROMOTE_STEPS[QUICK_PROMOTE_STEPS.indexOf(current) + 1]!;
}

/** Where a failed promotion shows: 'pin' on HTTP 401, else 'modal'; no detail: the modal, no message. */
export function quickPromoteErrorArea(
  httpStatus: number,
  messageDetail: string | null | undefined,
): { area: 'pin' | 'modal'; message: string | null } {
  if (!messageDetail) return { area: 'modal', message: null };
  return { area: httpStatus === 401 ? 'pin' : 'modal', message: messageDetail };
}

export const CAMPAIGN_OBJECTIVES = ['CONSIDERATION', 'WEB_CONVERSION', 'CATALOG_SALES'] as const;
export type CampaignObjective = (typeof CAMPAIGN_OBJECTIVES)[number];
export const AGE_BUCKETS = ['18-24', '25-34', '35-44', '45-49', '50-54', '55-64', '65+'] as const;
export const TARGETING_GENDERS = ['female', 'male', 'unspecified'] as const;
export const CONVERSION_EVENTS = [
  'PAGE_VISIT',
  'SIGNUP',
  'CHECKOUT',
  'ADD_TO_CART',
  'LEAD',
  'SEARCH',
  'VIEW_CATEGORY',
  'WATCH_VIDEO',
  'CUSTOM',
] as const;
export type ConversionEvent = (typeof CONVERSION_EVENTS)[number];

/** A conversions campaign's goal: the ad account's conversion tag and the event it reports. */
export const OptimizationGoalMetadataSchema = z.strictObject({
  conversion_tag_v3_goal_metadata: z.strictObject({
    conversion_tag_id: IdSchema,
    conversion_event: z.enum(CONVERSION_EVENTS),
  }),
});

const DateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD.')
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    'Expected a date as YYYY-MM-DD.',
  );
export { DateSchema as CalendarDateSchema };

/** Who an ad group reaches; empty lists reach everyone (within the locations). */
export const TargetingSpecSchema = z.strictObject({
  ages: z.array(z.enum(AGE_BUCKETS)).max(AGE_BUCKETS.length).optional(),
  genders: z.array(z.enum(TARGETING_GENDERS)).max(TARGETING_GENDERS.length).optional(),
  interests: z.array(z.string().min(1).max(100)).max(50).optional(),
  /** Countries (ISO 3166-1 alpha-2); the ad account's country when none is given. */
  locations: z
    .array(z.string().regex(/^[A-Z]{2}$/, 'Expected a country code.'))
    .max(50)
    .optional(),
});
export type TargetingSpec = z.infer<typeof TargetingSpecSchema>;

const MoneyMicroSchema = z.number().int().positive();

/** The body of `POST /ads/v4/advertisers/{advertiserId}/pins/{pinId}/quick_promote/`. */
export const QuickPromoteBodySchema = z.strictObject({
  budget_in_micro_currency: MoneyMicroSchema,
  campaign_name: z.string().trim().min(1).max(CAMPAIGN_NAME_LIMIT),
  /** Null when there is no pin (a product group). */
  destination_url: z.string().max(2048).nullable(),
  duration: z.number().int().min(1).max(MAX_DURATION_DAYS),
  auto_targeting_enabled: z.boolean(),
  is_ongoing: z.boolean(),
  start_now: z.literal(true),
  targeting_spec: TargetingSpecSchema,
  advertiser_id: IdSchema,
  ads_client_type: z.literal('quick_promote'),
  pin_id: IdSchema.nullable(),
  product_group_id: IdSchema.nullable(),
  flexible_daily_budget_enabled: z.literal(false),
  inclusive_end_date: DateSchema.optional(),
  objective_type: z.enum(CAMPAIGN_OBJECTIVES).optional(),
  optimization_goal_metadata: OptimizationGoalMetadataSchema.optional(),
});
export type QuickPromoteBody = z.infer<typeof QuickPromoteBodySchema>;

/** The form's values (what the steps collect), before they become the request body. */
export interface QuickPromoteFormValues {
  name: string;
  destination_url: string | null;
  /** In currency units. */
  budget: number;
  duration: number;
  inclusive_end_date: string;
  is_ongoing: boolean;
  advertiser_id: string;
  ages: string[];
  interests: string[];
  genders: string[];
  ad_type: CampaignObjective;
  selected_ocpm_tag: { conversionTagId: string; conversionEvent: (typeof CONVERSION_EVENTS)[number] } | null;
  isAutoTargeting: boolean;
}

/**
 * The request body from the form: the budget in micro-currency, the name cut, the end date only
 * when the campaign is not ongoing and the date is not blank, and the conversion goal for the
 * web-conversion objective.
 */
export function quickPromoteBody(values: QuickPromoteFormValues, pinId: string | null): QuickPromoteBody {
  const endDate = values.inclusive_end_date.trim();
  const conversion = values.ad_type === 'WEB_CONVERSION' && values.selected_ocpm_tag;
  return {
    budget_in_micro_currency: toMicroCurrency(values.budget),
    campaign_name: cutCampaignName(values.name),
    destination_url: pinId === null ? null : values.destination_url,
    duration: Math.trunc(values.duration),
    auto_targeting_enabled: values.isAutoTargeting,
    is_ongoing: values.is_ongoing,
    start_now: true,
    targeting_spec: {
      ages: values.ages as TargetingSpec['ages'],
      genders: values.genders as TargetingSpec['genders'],
      interests: values.interests,
    },
    advertiser_id: values.advertiser_id,
    ads_client_type: 'quick_promote',
    pin_id: pinId,
    product_group_id: null,
    flexible_daily_budget_enabled: false,
    ...(!values.is_ongoing && endDate !== '' && { inclusive_end_date: endDate }),
    ...(conversion && {
      objective_type: 'WEB_CONVERSION' as const,
      optimization_goal_metadata: {
        conversion_tag_v3_goal_metadata: {
          conversion_tag_id: conversion.conversionTagId,
          conversion_event: conversion.conversionEvent,
        },
      },
    }),
  };
}

/** The billing page link quick promote sends a person to for a campaign. */
export function quickPromoteBillingPath(advertiserId: string, campaignId: string): string {
  return `/advertiser/${advertiserId}/billing/?campaign_id=${campaignId}&objective_type=CLICKTHROUGH&is_quick_promote=true`;
}
