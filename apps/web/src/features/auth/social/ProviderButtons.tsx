import { PROVIDER_NAMES, type SocialProvider } from '@pinboard/shared';
import { useTranslation } from '../../../i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import authStyles from '../AuthFlow.module.css';
import { FORM_STYLE } from '../parts.tsx';
import type { SocialError } from './outcomes.ts';
import styles from './Social.module.css';
import { SocialErrorText } from './SocialErrorText.tsx';
import type { ProviderChoice } from './useProviders.ts';

interface ProviderButtonsProps {
  choice: ProviderChoice;
  /** Only these of the shown ones ('Welcome back': the providers the account is connected to). */
  only?: SocialProvider[];
  error: SocialError | null;
  busy: boolean;
  onConnect: (provider: SocialProvider) => void;
  /** 'Recover your account' (the forgot-password step). */
  onRecover?: () => void;
  /** The id of a note that tells what the buttons are for ('Welcome back' without a password). */
  describedBy?: string;
}

/**
 * 'Continue with Facebook', 'Continue with Google' and, in Japan, 'Continue with LINE', each with its error
 * under it (placement; docs/product/accounts.md#messages). A provider's error shows in its place even when
 * its button is hidden (Facebook login disabled is exactly when 'no longer available' comes).
 */
export function ProviderButtons({
  choice,
  only,
  error,
  busy,
  onConnect,
  onRecover,
  describedBy,
}: ProviderButtonsProps) {
  const { t } = useTranslation();
  const shown = only ? choice.shown.filter((provider) => only.includes(provider)) : choice.shown;
  const errorSlot = error && error.slot !== 'sso' ? error.slot : null;
  const slots = errorSlot && !shown.includes(errorSlot) ? [...shown, errorSlot] : shown;
  if (slots.length === 0) return null;
  return (
    <div className={authStyles.form} style={FORM_STYLE}>
      {shown.length > 0 && <p className={styles.or}>{t('auth.social.or')}</p>}
      {slots.map((provider) => (
        <div key={provider} className={styles.slot}>
          {shown.includes(provider) && (
            <Button
              className={`${styles.provider} ${styles[provider]}`}
              disabled={busy}
              aria-describedby={describedBy}
              onClick={() => onConnect(provider)}
            >
              {t('auth.social.continueWith', { provider: PROVIDER_NAMES[provider] })}
            </Button>
          )}
          {errorSlot === provider && error && (
            <p role="alert" className={styles.error}>
              <SocialErrorText code={error.code} onRecover={onRecover} />
            </p>
          )}
        </div>
      ))}
      {choice.standin && shown.length > 0 && <p className={styles.standin}>{t('auth.social.standin')}</p>}
    </div>
  );
}
