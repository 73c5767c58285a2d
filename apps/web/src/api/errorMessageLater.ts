import type { TFunction } from '../i18n.ts';
import type { ErrorMessageOptions, WordsKey } from './errorMessage.ts';

/**
 * `errorMessage` for parts on every public page (the header's banner, the closeup's comment field,
 * a profile's Message button): the error catalogue and its words load on the first failure
 * instead of with the page, so a visitor's first view does not carry them.
 */
export async function errorMessageLater(
  t: TFunction,
  error: unknown,
  fallbackKey: WordsKey,
  options?: ErrorMessageOptions,
): Promise<string> {
  const { errorMessage } = await import('./errorMessage.ts');
  return errorMessage(t, error, fallbackKey, options);
}
