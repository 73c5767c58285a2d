import { PROVIDER_NAMES, type SocialProvider, type ViewerInfo } from '@pinboard/shared';
import { useTranslation, type TFunction } from '../../../i18n.ts';
import { useId } from 'react';
import { useHomeFeed } from '../../feed/useHomeFeed.ts';
import styles from '../AuthFlow.module.css';
import type { AuthModalOptions } from '../authModalContext.ts';
import type { BotCheck } from '../botCheck/useBotCheck.ts';
import { LoginForm } from '../LoginForm.tsx';
import { PinPreview } from '../PinPreview.tsx';
import type { LoginErrorPlacement } from '../loginErrors.ts';
import type { RecoveryModalCode } from '../recovery.ts';
import { StepHeading } from '../parts.tsx';
import { ProviderButtons } from '../social/ProviderButtons.tsx';
import { useProviders } from '../social/useProviders.ts';
import { useSocialButtons, type SocialViewProps } from '../social/useSocialButtons.ts';

interface PersonalizedLoginStepProps {
  titleId: string;
  options: AuthModalOptions;
  info: ViewerInfo;
  botCheck: BotCheck;
  login: (usernameOrEmail: string, password: string) => Promise<LoginErrorPlacement | null>;
  onRecovery: (code: RecoveryModalCode, usernameOrEmail: string) => void;
  onForgotPassword: (usernameOrEmail: string) => void;
  social: SocialViewProps;
  onNotYou: () => void;
}

/** How many pins the limited-login image panel shows. */
const PANEL_PINS = 3;

/**
 * A few of today's pins above 'Welcome back' (a limited-login viewer gets an image
 * panel): what there is to come back to. Decorative, so hidden from assistive technology;
 * the public first feed page, which the home page already has and the server keeps warm.
 */
function ImagePanel() {
  const { pins } = useHomeFeed();
  if (pins.length === 0) return null;
  return (
    <div className={styles.imagePanel} aria-hidden="true">
      {pins.slice(0, PANEL_PINS).map((pin) => (
        <img
          key={pin.id}
          src={pin.images['236x'].url}
          alt=""
          style={{ backgroundColor: pin.dominant_color }}
        />
      ))}
    </div>
  );
}

/** What the 'Welcome back' screen of an account without a password says in place of the password. */
function passwordlessNote(t: TFunction, providers: SocialProvider[]): string {
  const [first, second] = providers.map((provider) => PROVIDER_NAMES[provider]);
  return second
    ? t('auth.personalized.connectedBoth', { first, second })
    : t('auth.personalized.connectedOne', { provider: first });
}

/**
 * 'Welcome back' for a recognised browser (not AUTH and has info, that is a LIMITED_LOGIN
 * viewer): the image panel (or, saving or downloading, the pin at hand), the
 * account's picture and name, the extra subheader saying why a password is asked again, only
 * the password to type, the buttons of the providers the account is connected to, and 'Not
 * you?' for the plain login. An account without a password that a shown button lets in gets no
 * password field: a note tied to its email says which buttons to use (docs/product/accounts.md#rules).
 */
export function PersonalizedLoginStep({
  titleId,
  options,
  info,
  social,
  onNotYou,
  ...form
}: PersonalizedLoginStepProps) {
  const { t } = useTranslation();
  const choice = useProviders('login', social.country);
  const buttons = useSocialButtons(social.connect);
  const connected: SocialProvider[] = [
    ...(info.connectedToFacebook ? (['facebook'] as const) : []),
    ...(info.connectedToGoogle ? (['google'] as const) : []),
  ];
  // Without a password, the buttons are the way in: those the login view offers here (until the
  // list answers, the connected ones, so no password field shows only to vanish).
  const usable = choice.known ? connected.filter((provider) => choice.shown.includes(provider)) : connected;
  const passwordless = !info.hasPassword && usable.length > 0;
  const noteId = useId();
  const account = info.email ?? info.username ?? '';
  const name = info.firstName || account;
  return (
    <div className={styles.step}>
      {options.pinId && (options.container === 'save' || options.container === 'download') ? (
        <PinPreview pinId={options.pinId} />
      ) : (
        <ImagePanel />
      )}
      {info.imageUrl ? (
        <img className={styles.avatar} src={info.imageUrl} alt={t('auth.personalized.avatar', { name })} />
      ) : (
        <span className={`${styles.avatar} ${styles.initial}`} aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
      )}
      <StepHeading
        titleId={titleId}
        title={
          info.firstName
            ? t('auth.personalized.title', { name: info.firstName })
            : t('auth.personalized.titleNoName')
        }
      >
        {options.prompt
          ? t('auth.prompt.subheader')
          : account && <span aria-describedby={passwordless ? noteId : undefined}>{account}</span>}
      </StepHeading>
      <p className={styles.subtitle}>{t('auth.personalized.limitedSubheader')}</p>
      {passwordless ? (
        <p id={noteId} className={styles.subtitle}>
          {passwordlessNote(t, usable)}
        </p>
      ) : (
        <LoginForm
          {...form}
          knownEmail={account}
          onProviderError={buttons.showFormError}
          onSso={social.sso}
        />
      )}
      <ProviderButtons
        choice={choice}
        only={connected}
        error={buttons.error}
        busy={buttons.busy}
        onConnect={buttons.connect}
        onRecover={() => form.onForgotPassword(account)}
        describedBy={passwordless ? noteId : undefined}
      />
      <p className={styles.toggle}>
        <button type="button" className={styles.linkButton} onClick={onNotYou}>
          {t('auth.actions.notYou')}
        </button>
      </p>
    </div>
  );
}
