import {
  connectPath,
  SOCIAL_POPUP_POLL_MS,
  SocialConnectCompleteSchema,
  SocialConnectErrorSchema,
  SSO_CALLBACK_MESSAGE,
  SSO_POPUP_SIZE,
  type SocialConnectComplete,
  type SocialConnectError,
  type SocialProvider,
} from '@pinboard/shared';
import { z } from 'zod';

/**
 * Why a popup gave no answer: none opened (blocked), it closed without one, or it said no
 * (decision 21's `social-connect-error` values).
 */
export type PopupFailure = 'popup_blocked' | 'popup_closed' | SocialConnectError['error'];

export class PopupError extends Error {
  override readonly name = 'PopupError';
  constructor(readonly code: PopupFailure) {
    super(code);
  }
}

type Reading<T> = { value: T } | { failure: PopupFailure } | null;

/** Opens a popup of the product's size centred over the page; null when the browser refused. */
export function openPopup(url: string, name: string): Window | null {
  if (typeof window === 'undefined' || typeof window.open !== 'function') return null;
  const { width, height } = SSO_POPUP_SIZE;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return window.open(url, name, `width=${width},height=${height},left=${left},top=${top}`);
}

/**
 * Waits for the popup's message (from our own origin, read by `read`), polling `popup.closed`
 * every second (docs/product/accounts.md#api-calls); closed without a message is `popup_closed`. Listener and
 * timer go when it settles; an abort (the modal closed) also closes the popup.
 */
export function watchPopup<T>(
  popup: Window,
  read: (data: unknown) => Reading<T>,
  signal: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = () => {
      window.removeEventListener('message', onMessage);
      clearInterval(timer);
      signal.removeEventListener('abort', onAbort);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const reading = read(event.data);
      if (!reading) return;
      stop();
      if ('value' in reading) resolve(reading.value);
      else reject(new PopupError(reading.failure));
    };
    const onAbort = () => {
      stop();
      popup.close();
      reject(new DOMException('The popup was abandoned.', 'AbortError'));
    };
    const timer = setInterval(() => {
      if (!popup.closed) return;
      stop();
      reject(new PopupError('popup_closed'));
    }, SOCIAL_POPUP_POLL_MS);
    window.addEventListener('message', onMessage);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort);
  });
}

/** Why a connect popup is opened, when not to log in: the one-tap card, or settings connecting one. */
export type ConnectPurpose = 'one_tap' | 'link';

/**
 * A provider's popup, `/connect/{provider}/` (`?purpose=one_tap` for the one-tap card,
 * `?purpose=link` for settings).
 */
export function openConnectPopup(provider: SocialProvider, purpose?: ConnectPurpose): Window | null {
  const query = purpose ? `?purpose=${purpose}` : '';
  return openPopup(`${connectPath(provider)}${query}`, `pinboard-connect-${provider}`);
}

/** Reads the connect popup's `social-connect-complete` / `social-connect-error` for `provider`. */
export function readConnectMessage(provider: SocialProvider) {
  return (data: unknown): Reading<SocialConnectComplete> => {
    const complete = SocialConnectCompleteSchema.safeParse(data);
    if (complete.success && complete.data.provider === provider) return { value: complete.data };
    const failed = SocialConnectErrorSchema.safeParse(data);
    if (failed.success && failed.data.provider === provider) return { failure: failed.data.error };
    return null;
  };
}

/** What `/sso/callback/` posts to its opener (decision 21). */
const SsoCallbackSchema = z.object({
  type: z.literal(SSO_CALLBACK_MESSAGE),
  code: z.string().min(1).optional(),
  state: z.string().min(1).optional(),
  /** The provider's `iss` (RFC 9207), relayed to the exchange when it sent one. */
  iss: z.string().min(1).optional(),
  error: z.string().optional(),
});
export interface SsoCallback {
  code: string;
  state: string;
  iss?: string;
}

/** Reads the SSO callback's message: the code and state, or a refusal. */
export function readSsoCallback(data: unknown): Reading<SsoCallback> {
  const parsed = SsoCallbackSchema.safeParse(data);
  if (!parsed.success) return null;
  const { code, state, iss, error } = parsed.data;
  if (error || !code || !state) return { failure: 'access_denied' };
  return { value: { code, state, ...(iss ? { iss } : {}) } };
}
