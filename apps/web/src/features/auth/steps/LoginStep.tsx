import { Trans, useTranslation } from '../../../i18n.ts';
import { Link } from 'react-router';
import { Button } from '../../../ui/Button.tsx';
import styles from '../AuthFlow.module.css';
import type { AuthModalOptions } from '../authModalContext.ts';
import { LoginForm } from '../LoginForm.tsx';
import { QrLoginSwitch } from '../qr/QrLoginSwitch.tsx';
import { StepHeading } from '../parts.tsx';
import { ProviderButtons } from '../social/ProviderButtons.tsx';
import socialStyles from '../social/Social.module.css';
import { useProviders } from '../social/useProviders.ts';
import { useSocialButtons, type SocialViewProps } from '../social/useSocialButtons.ts';
import { loginTitle } from '../titles.ts';
import type { BotCheck } from '../botCheck/useBotCheck.ts';
import type { LoginErrorPlacement } from '../loginErrors.ts';
import type { RecoveryModalCode } from '../recovery.ts';

interface LoginStepProps {
  titleId: string;
  options: AuthModalOptions;
  botCheck: BotCheck;
  defaultEmail: string;
  login: (usernameOrEmail: string, password: string) => Promise<LoginErrorPlacement | null>;
  onRecovery: (code: RecoveryModalCode, usernameOrEmail: string) => void;
  onForgotPassword: (usernameOrEmail: string) => void;
  social: SocialViewProps;
  onSignup: () => void;
}

/**
 * The login step with the provider buttons; the business variant adds its own links
 * (docs/product/accounts.md#business-login). With Facebook login turned off, a banner says so and what is
 * left (docs/product/accounts.md#social-login).
 */
export function LoginStep({ titleId, options, social, onSignup, ...form }: LoginStepProps) {
  const { t } = useTranslation();
  const business = options.container === 'revamped_business_login_page';
  const choice = useProviders('login', social.country);
  const buttons = useSocialButtons(social.connect);
  return (
    <div className={styles.step}>
      <StepHeading titleId={titleId} title={loginTitle(t, options)}>
        {options.prompt ? t('auth.prompt.subheader') : null}
      </StepHeading>
      {choice.facebookLoginOff && (
        <p className={socialStyles.banner}>
          {choice.shown.includes('google')
            ? t('auth.social.facebookLoginOff')
            : t('auth.social.facebookLoginOffEmailOnly')}
        </p>
      )}
      <QrLoginSwitch options={options}>
        <LoginForm {...form} onProviderError={buttons.showFormError} onSso={social.sso} />
        <ProviderButtons
          choice={choice}
          error={buttons.error}
          busy={buttons.busy}
          onConnect={buttons.connect}
          onRecover={() => form.onForgotPassword(buttons.account)}
        />
      </QrLoginSwitch>
      {business ? (
        <>
          <Button className={styles.form} onClick={onSignup}>
            {t('auth.actions.createNewAccount')}
          </Button>
          <p className={styles.toggle}>
            <Link to="/login/">{t('auth.actions.personalLogin')}</Link>
          </p>
          <p className={styles.toggle}>
            <Trans
              i18nKey="auth.actions.businessSignup"
              components={[<Link key="create" to="/business/create" />]}
            />
          </p>
        </>
      ) : (
        <p className={styles.toggle}>
          <Trans
            i18nKey="auth.actions.needAccount"
            components={[
              <button key="signup" type="button" className={styles.linkButton} onClick={onSignup} />,
            ]}
          />
        </p>
      )}
    </div>
  );
}
