import type { TFunction } from '../../i18n.ts';
import { errorMessage } from '../../api/errorMessage.ts';

/**
 * The catalogue's text of a code a field or the form holds (react-hook-form keeps codes as
 * messages; `placeServerError` hands back the form's), or nothing without one.
 */
export function fieldError(t: TFunction, code: string | null | undefined): string | undefined {
  return code ? errorMessage(t, code, 'auth.errors.generic') : undefined;
}
