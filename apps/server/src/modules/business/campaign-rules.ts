import {
  budgetProblem,
  MAX_DURATION_DAYS,
  type CampaignObjective,
  type ConversionEvent,
} from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AdvertiserRow } from '../../policies/business-access.ts';
import { findConversionTag, findPinForReview } from './ads.repository.ts';

/** The rules every way of making or changing a campaign keeps (decision 55). */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar date `days` after another (both YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Refuses an end before the start or past the longest a campaign may run (365 days). */
export function assertDates(start: string, end: string | null): void {
  if (end === null) return;
  if (end < start || end > addDays(start, MAX_DURATION_DAYS - 1))
    throw new AppError('end_date_invalid', { field: 'end_date' });
}

/** Refuses a budget outside the ad account's country minimum and the maximum. */
export function assertBudget(
  budgetMicro: number,
  advertiser: AdvertiserRow,
  field = 'budget_in_micro_currency',
): void {
  const problem = budgetProblem(budgetMicro, advertiser.country);
  if (problem) throw new AppError(problem, { field });
}

/** Only the business's own pins are promoted: pinned by the account the ad account belongs to. */
export async function assertPromotablePin(
  db: Executor,
  advertiser: AdvertiserRow,
  pinId: number,
): Promise<void> {
  const pin = await findPinForReview(db, pinId);
  if (!pin) throw new AppError('pin_not_found', { field: 'pin_id' });
  if (pin.pinnerId !== advertiser.ownerUserId) throw new AppError('pin_not_promotable');
}

/**
 * A conversions campaign's ad group pays per conversion its tag reports (decision 69), so it needs
 * the ad account's own conversion tag and an event; other objectives keep none.
 */
export async function conversionGoalColumns(
  db: Executor,
  advertiserId: number,
  objective: CampaignObjective,
  goal: { conversion_tag_id: string; conversion_event: ConversionEvent } | undefined,
): Promise<{ conversionTagId: number | null; conversionEvent: ConversionEvent | null }> {
  if (objective !== 'WEB_CONVERSION') return { conversionTagId: null, conversionEvent: null };
  if (!goal) throw new AppError('conversion_tag_required');
  if (!(await findConversionTag(db, advertiserId, Number(goal.conversion_tag_id))))
    throw new AppError('conversion_tag_not_found');
  return { conversionTagId: Number(goal.conversion_tag_id), conversionEvent: goal.conversion_event };
}
