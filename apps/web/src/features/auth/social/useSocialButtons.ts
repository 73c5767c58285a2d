import type { SocialProvider } from '@pinboard/shared';
import { useState } from 'react';
import type { SocialError } from './outcomes.ts';
import type { StartSso } from './useSsoForm.ts';

/** Opens a provider's popup and resolves the message its button shows afterwards, or null. */
export type ConnectSocial = (provider: SocialProvider) => Promise<SocialError | null>;

/** What a sign-up or login view needs for its provider buttons and single sign-on. */
export interface SocialViewProps {
  connect: ConnectSocial;
  sso: StartSso;
  /** The viewer's country (LINE only in Japan). */
  country: string | undefined;
}

/**
 * A view's provider buttons: the message under one of them (from the popup, or from the email
 * form's login when the account is linked to a provider, with the account typed there for
 * 'Recover your account') and whether a popup is open.
 */
export function useSocialButtons(connectSocial: ConnectSocial) {
  const [error, setError] = useState<SocialError | null>(null);
  const [account, setAccount] = useState('');
  const [busy, setBusy] = useState(false);
  // Called straight from the click, so the popup opens as the person's own doing.
  const connect = (provider: SocialProvider) => {
    setError(null);
    setBusy(true);
    void connectSocial(provider).then((next) => {
      setError(next);
      setBusy(false);
    });
  };
  const showFormError = (next: SocialError, typed: string) => {
    setError(next);
    setAccount(typed);
  };
  return { error, account, busy, connect, showFormError };
}
