import type { TFunction } from '../../i18n.ts';
import { errorMessage } from '../../api/errorMessage.ts';

/** A code's words on the sign-up, login and account screens: unknown codes read as the generic failure. */
export function errorText(t: TFunction, code: string): string {
  return errorMessage(t, code, 'auth.errors.generic');
}
