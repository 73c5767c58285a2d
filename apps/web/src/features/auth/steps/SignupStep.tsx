import { useState } from 'react';
import { Trans, useTranslation } from '../../../i18n.ts';
import type { ClientContext } from '@pinboard/shared';
import { Button } from '../../../ui/Button.tsx';
import styles from '../AuthFlow.module.css';
import type { AuthModalOptions } from '../authModalContext.ts';
import { trackAuthEvent } from '../analytics.ts';
import { FORM_STYLE, StepHeading } from '../parts.tsx';
import { PinPreview } from '../PinPreview.tsx';
import { SignupForm, type SignupFormProps } from '../SignupForm.tsx';
import { ProviderButtons } from '../social/ProviderButtons.tsx';
import socialStyles from '../social/Social.module.css';
import { useProviders } from '../social/useProviders.ts';
import { useSocialButtons, type SocialViewProps } from '../social/useSocialButtons.ts';
import { TermsNotice } from '../TermsNotice.tsx';
import { signupSourceOf, signupTitle } from '../titles.ts';

interface SignupStepProps extends SignupFormProps {
  titleId: string;
  options: AuthModalOptions;
  place: ClientContext | null;
  /** The form was already open (coming back from another step). */
  formOpen: boolean;
  social: SocialViewProps;
  onLogin: () => void;
}

const GREETING_SOURCES = new Set(['homePage', 'defaultSource']);

/**
 * The sign-up step (and its respondMessage variant): the title by source, the pin for save and
 * download, the email form (at once on the home page, behind 'Continue with email' elsewhere),
 * the provider buttons (without Facebook, and with the product's banner, once Facebook sign-up is
 * closed here), the terms and the switch to login.
 */
export function SignupStep({ titleId, options, place, formOpen, social, onLogin, ...form }: SignupStepProps) {
  const { t } = useTranslation();
  const choice = useProviders('signup', social.country);
  const buttons = useSocialButtons(social.connect);
  const [open, setOpen] = useState(formOpen || options.container === 'home_page');
  const [revealed, setRevealed] = useState(false);
  const showPin = options.pinId && (options.container === 'save' || options.container === 'download');
  const greeting = !options.title && !options.respondMessage && GREETING_SOURCES.has(signupSourceOf(options));

  return (
    <div className={styles.step}>
      {showPin && options.pinId && <PinPreview pinId={options.pinId} />}
      <StepHeading titleId={titleId} title={signupTitle(t, options)}>
        {greeting ? t('auth.titles.signupSubtitle') : null}
      </StepHeading>
      {choice.facebookSignupClosed && (
        <p className={socialStyles.banner}>{t('auth.social.facebookSignupClosed')}</p>
      )}
      {open ? (
        <SignupForm
          {...form}
          focusEmail={revealed}
          onProviderError={buttons.showFormError}
          onSso={social.sso}
        />
      ) : (
        <div className={styles.form} style={FORM_STYLE}>
          <Button
            variant="primary"
            className={styles.wide}
            data-autofocus=""
            onClick={() => {
              trackAuthEvent({
                name: 'step_click',
                step: 'signup',
                container: options.container,
                element: 'continue_with_email',
              });
              setOpen(true);
              setRevealed(true);
            }}
          >
            {t('auth.actions.continueWithEmail')}
          </Button>
        </div>
      )}
      <ProviderButtons
        choice={choice}
        error={buttons.error}
        busy={buttons.busy}
        onConnect={buttons.connect}
        onRecover={() => form.onForgotPassword(buttons.account)}
      />
      <TermsNotice place={place} />
      <p className={styles.toggle}>
        <Trans
          i18nKey="auth.actions.haveAccount"
          components={[<button key="login" type="button" className={styles.linkButton} onClick={onLogin} />]}
        />
      </p>
    </div>
  );
}
