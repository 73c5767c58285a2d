import { ERRORS, type ErrorCode } from '@pinboard/shared/errors';
import type { TFunction } from 'i18next';

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERRORS, code);
}

/** The translated text of an error code from the catalogue; unknown codes read as the generic failure. */
export function errorText(t: TFunction, code: string): string {
  return isErrorCode(code) ? t(`errors.${code}`) : t('auth.errors.generic');
}
