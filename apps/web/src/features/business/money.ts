import { fromMicroCurrency } from '@pinboard/shared';

/** An amount in micro-units as money in the account's currency, in the page's language. */
export function formatMoney(micro: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(fromMicroCurrency(micro));
}
