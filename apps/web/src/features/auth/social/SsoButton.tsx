import { useTranslation } from '../../../i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import authStyles from '../AuthFlow.module.css';
import styles from './Social.module.css';
import { SocialErrorText } from './SocialErrorText.tsx';

interface SsoButtonProps {
  busy: boolean;
  /** The code of the last try's failure, shown under the button. */
  error: string | null;
}

/**
 * 'Continue with single sign-on', in place of the password (docs/product/accounts.md#sso). A submit
 * button: the form's submit (Enter in the email field too) opens the organisation's popup.
 */
export function SsoButton({ busy, error }: SsoButtonProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button type="submit" variant="primary" className={authStyles.wide} disabled={busy}>
        {busy ? t('auth.actions.working') : t('auth.social.sso')}
      </Button>
      {error && (
        <p role="alert" className={styles.error}>
          <SocialErrorText code={error} />
        </p>
      )}
    </>
  );
}
