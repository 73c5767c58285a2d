import { ERRORS, type ErrorCode } from '@pinboard/shared/errors';
import type { WordsKey, TFunction } from '../i18n.ts';
import { ApiRequestError } from './client.ts';
import './errorsWords.ts';

/** Any key of the app's words: what a failure reads as when nothing better is known. */
export type { WordsKey };

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERRORS, code);
}

// The failures the client makes up itself (no answer, an answer that is no envelope): their
// `message` is English for logs, not words for people.
const CLIENT_FAILURES = new Set(['network_error', 'unexpected_response']);

// Codes whose words end in an action where a screen offers it, marked `<0>…</0>` (ui/ActionText).
const WORDS_WITH_ACTION: Partial<Record<ErrorCode, WordsKey>> = {
  login_password_incorrect: 'auth.recovery.passwordIncorrect',
  login_facebook_unavailable: 'auth.social.facebookUnavailable',
};

export interface ErrorMessageOptions {
  /**
   * What a failure the catalogue does not name reads as, instead of the fallback:
   * - `detail`: a failed call's detail, else its message (the server judges what it refused);
   * - `serverDetail`: the same, except for the failures the client makes up (the fallback);
   * - `messageAndDetail`: a failed call's message with its detail after it, for every code (the
   *   catalogue is not asked);
   * - `asWritten`: a form field's message as written (a schema's own words, not a code).
   */
  otherwise?: 'fallback' | 'detail' | 'serverDetail' | 'messageAndDetail' | 'asWritten';
  /** The words with the code's action marked in them, for a screen that offers the action. */
  withAction?: boolean;
}

/**
 * What a failure says to people, the one way every screen words one: `error` is a failed call
 * (ApiRequestError) or a catalogue code (react-hook-form keeps codes as field messages); a code
 * the shared error catalogue knows reads as its words (`errors.<code>`, from the catalogue's
 * messages), anything else as `fallbackKey`'s words unless `otherwise` says more.
 */
export function errorMessage(
  t: TFunction,
  error: unknown,
  fallbackKey: WordsKey,
  { otherwise = 'fallback', withAction = false }: ErrorMessageOptions = {},
): string {
  const failedCall = error instanceof ApiRequestError ? error : null;
  if (otherwise === 'messageAndDetail') {
    if (!failedCall?.message) return t(fallbackKey);
    return failedCall.messageDetail
      ? `${failedCall.message} ${failedCall.messageDetail}`
      : failedCall.message;
  }
  const code = failedCall ? failedCall.code : typeof error === 'string' ? error : null;
  if (code !== null && isErrorCode(code)) {
    const actionKey = withAction ? WORDS_WITH_ACTION[code] : undefined;
    return actionKey ? t(actionKey) : t(`errors.${code}`);
  }
  if (otherwise === 'asWritten' && typeof error === 'string') return error;
  const serverWords =
    otherwise === 'detail' || (otherwise === 'serverDetail' && !CLIENT_FAILURES.has(failedCall?.code ?? ''));
  if (failedCall && serverWords) return failedCall.messageDetail ?? (failedCall.message || t(fallbackKey));
  return t(fallbackKey);
}
