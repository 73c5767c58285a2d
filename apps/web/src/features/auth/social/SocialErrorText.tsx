import { useTranslation, type TFunction } from '../../../i18n.ts';
import { errorMessage } from '../../../api/errorMessage.ts';
import { ActionText } from '../../../ui/ActionText.tsx';
import styles from '../AuthFlow.module.css';
import { errorText } from '../errorText.ts';

/** The popups' own failures (docs/product/accounts.md#social-login). */
const POPUP_TEXTS = {
  popup_blocked: 'auth.social.popupBlocked',
  popup_closed: 'auth.social.notAuthorized',
  access_denied: 'auth.social.notAuthorized',
  window_undefined: 'auth.social.windowUndefined',
} as const;

/** A social error's text: a popup's failure, or the catalogue's text of its code. */
export function socialErrorText(t: TFunction, code: string): string {
  if (Object.hasOwn(POPUP_TEXTS, code)) return t(POPUP_TEXTS[code as keyof typeof POPUP_TEXTS]);
  return errorText(t, code === 'invalid_flow' ? 'oidc_state_invalid' : code);
}

/**
 * A social error as it reads under a button. 'Recover your account' at the end of the
 * Facebook-no-longer-available text (docs/product/accounts.md#messages) leads to the forgot-password step.
 */
export function SocialErrorText({ code, onRecover }: { code: string; onRecover?: () => void }) {
  const { t } = useTranslation();
  if (code !== 'login_facebook_unavailable' || !onRecover) return socialErrorText(t, code);
  return (
    <ActionText
      text={errorMessage(t, code, 'auth.errors.generic', { withAction: true })}
      onAction={onRecover}
      className={styles.linkButton}
    />
  );
}
