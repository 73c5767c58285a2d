import type { SocialConnectComplete, SocialProvider } from '@pinboard/shared';
import { useEffect, useMemo, useRef } from 'react';
import {
  openConnectPopup,
  openPopup,
  PopupError,
  type ConnectPurpose,
  readConnectMessage,
  readSsoCallback,
  watchPopup,
  type SsoCallback,
} from './popup.ts';

export interface SocialPopup {
  /**
   * Opens the provider's popup and waits for its answer. Call it straight from the click: a
   * popup opened after an `await` is no longer the person's doing and browsers block it.
   * Rejects with a PopupError.
   */
  connect: (provider: SocialProvider, purpose?: ConnectPurpose) => Promise<SocialConnectComplete>;
  /** Opens the organisation's SSO page (600x600) and waits for `/sso/callback/`'s code and state. */
  sso: (authorizationUri: string) => Promise<SsoCallback>;
}

/**
 * The popups of decision 21 for one component: whatever is still open when it unmounts (the
 * modal closed, the settings page left) is closed, and its listener and timer removed.
 */
export function useSocialPopup(): SocialPopup {
  const controllers = useRef(new Set<AbortController>());
  useEffect(() => {
    const open = controllers.current;
    return () => {
      for (const controller of open) controller.abort();
      open.clear();
    };
  }, []);

  return useMemo(() => {
    function watch<T>(popup: Window | null, read: Parameters<typeof watchPopup<T>>[1]): Promise<T> {
      if (!popup) return Promise.reject(new PopupError('popup_blocked'));
      const controller = new AbortController();
      controllers.current.add(controller);
      return watchPopup(popup, read, controller.signal).finally(() => controllers.current.delete(controller));
    }
    return {
      connect: (provider, purpose) =>
        watch(openConnectPopup(provider, purpose), readConnectMessage(provider)),
      sso: (authorizationUri) => watch(openPopup(authorizationUri, 'pinboard-sso'), readSsoCallback),
    };
  }, []);
}
