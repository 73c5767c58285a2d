import { ApiRequestError } from '../../api/client.ts';

/**
 * Whether an answer means "there is nothing here for you": a 404, or an address the API
 * refuses outright (a malformed username or slug), which no one can have either.
 */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
}
