import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from '../../api/client.ts';
import { errorMessage } from '../../api/errorMessage.ts';

/**
 * Where a failed settings call's message goes: on the form's field the error names (the
 * catalogue's `field`, which gets the focus), else above the submit button. Returns the form's
 * text or null.
 */
export function placeServerError<Values extends FieldValues>(
  t: TFunction,
  error: unknown,
  fields: readonly Path<Values>[],
  setError: UseFormSetError<Values>,
): string | null {
  const code = error instanceof ApiRequestError ? error.code : 'internal';
  const field = error instanceof ApiRequestError ? error.field : null;
  const match = fields.find((name) => name === field);
  if (match) {
    setError(match, { message: code }, { shouldFocus: true });
    return null;
  }
  return errorMessage(t, code, 'auth.errors.generic');
}

/** The catalogue's text of a code a field holds (react-hook-form keeps codes as messages). */
export function fieldError(t: TFunction, code: string | undefined): string | undefined {
  return code ? errorMessage(t, code, 'auth.errors.generic') : undefined;
}
