import { LINE_COUNTRY, SOCIAL_PROVIDERS, type SocialProvider } from '@pinboard/shared';
import { useQuery } from '@tanstack/react-query';
import { useExperimentGroup } from '../../experiments/useExperimentGroup.ts';
import { queries } from '../../../api/endpoints.ts';
import { hasPreventFacebookRegister } from './preventRegisterFlag.ts';

export interface ProviderChoice {
  /** The provider buttons to show, in the product's order (first, second, then LINE). */
  shown: SocialProvider[];
  /**
   * A shown button is served by the development identity provider (outside production, for a provider without
   * settings).
   */
  standin: boolean;
  /** Facebook works but does not take new people here: the sign-up view's banner says so. */
  facebookSignupClosed: boolean;
  /** Facebook login is turned off for this viewer: the login view's banner says so. */
  facebookLoginOff: boolean;
  /** The server's list has answered (or failed): `shown` is final. */
  known: boolean;
}

const ENABLED = 'enabled';

/**
 * Which provider buttons a view offers (decision 21; docs/product/accounts.md#social-login): those the server
 * can serve (`getAuthProviders`; none until it answers, none if it fails), minus Facebook and Google
 * when their disabling experiments are `enabled`, LINE only in Japan, and on sign-up no Facebook once this
 * browser was told Facebook sign-up is closed (the local flag, or the experiment
 * `web_prevent_facebook_register` that closes it for everyone in it). Whether the login view says that
 * Facebook login is gone (docs/product/accounts.md#social-login).
 */
export function useProviders(view: 'signup' | 'login', country: string | undefined): ProviderChoice {
  const { data, isPending } = useQuery({
    ...queries.getAuthProviders(),
    staleTime: Infinity,
  });
  const disabled: Record<SocialProvider, boolean> = {
    facebook: useExperimentGroup('web_disable_facebook_login') === ENABLED,
    google: useExperimentGroup('web_disable_google_login') === ENABLED,
    line: country?.toUpperCase() !== LINE_COUNTRY,
  };
  const signupClosed =
    useExperimentGroup('web_prevent_facebook_register') === ENABLED || hasPreventFacebookRegister();
  const usable = SOCIAL_PROVIDERS.filter((provider) => data?.[provider].available && !disabled[provider]);
  const facebookSignupClosed = view === 'signup' && signupClosed && usable.includes('facebook');
  const shown = facebookSignupClosed ? usable.filter((provider) => provider !== 'facebook') : usable;
  return {
    shown,
    standin: shown.some((provider) => data?.[provider].standin),
    facebookSignupClosed,
    // Once the providers are known, so the banner's 'or Google' does not change under the reader.
    facebookLoginOff: view === 'login' && disabled.facebook && !isPending,
    known: !isPending,
  };
}
