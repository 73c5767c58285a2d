import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './client.ts';

/**
 * Where a failed call's message goes on a react-hook-form form, the one way every form places
 * one: on the form's field the answer names (the catalogue's `field`), which gets the focus, with
 * the code as the field's message (react-hook-form keeps codes; `errorMessage` words them where
 * they show). Returns the code for the whole form's message (`internal` when no answer came), or
 * null when a field took it.
 */
export function placeServerError<Values extends FieldValues>(
  error: unknown,
  fields: readonly Path<Values>[],
  setError: UseFormSetError<Values>,
): string | null {
  const code = error instanceof ApiRequestError ? error.code : 'internal';
  const field = error instanceof ApiRequestError ? fields.find((name) => name === error.field) : undefined;
  if (field === undefined) return code;
  setError(field, { message: code }, { shouldFocus: true });
  return null;
}
