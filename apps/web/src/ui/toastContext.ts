import { createContext, useContext } from 'react';

export interface ToastOptions {
  /** How long it stays, in ms (the product's AUTH_LIMITS.toastMs values). */
  durationMs: number;
  tone?: 'info' | 'error';
  /** A link after the text (the pin-create page's 'See it now'). */
  link?: { href: string; label: string };
  /** A button after the text that acts at once ('Undo'); the toast leaves when it is pressed. */
  action?: { label: string; onClick: () => void };
}

export interface ToastApi {
  show: (text: string, options: ToastOptions) => void;
}

// Without a provider (a component rendered alone in a test) toasts are dropped, never thrown.
const noToasts: ToastApi = { show: () => {} };

export const ToastContext = createContext<ToastApi>(noToasts);

/** Shows a short message in the page's live region; see ToastProvider. */
export function useToast(): ToastApi {
  return useContext(ToastContext);
}
