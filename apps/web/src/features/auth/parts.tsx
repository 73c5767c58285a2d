import { AUTH_LIMITS } from '@pinboard/shared';
import type { ComponentProps, CSSProperties, ReactNode } from 'react';
import { useTranslation } from '../../i18n.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { ActionText } from '../../ui/ActionText.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { LogoMark } from '../shell/icons.tsx';
import styles from './AuthFlow.module.css';
import { errorText } from './errorText.ts';

/** The top of every step: the logo, the title that names the dialog, and an optional line under it. */
export function StepHeading({
  titleId,
  title,
  children,
}: {
  titleId: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <>
      <span className={styles.logo} aria-hidden="true">
        <LogoMark />
      </span>
      <h1 id={titleId} className={styles.title}>
        {title}
      </h1>
      {children && <p className={styles.subtitle}>{children}</p>}
    </>
  );
}

/** The product's 268 px form column. */
export const FORM_STYLE = { '--form-width': `${AUTH_LIMITS.formWidth}px` } as CSSProperties;

/**
 * A login error's text by code. The wrong-password one (docs/product/accounts.md#messages) ends in 'Reset your
 * password', a button to the forgot-password step when there is one.
 */
export function LoginErrorText({ code, onForgotPassword }: { code: string; onForgotPassword?: () => void }) {
  const { t } = useTranslation();
  if (code !== 'login_password_incorrect' || !onForgotPassword) return errorText(t, code);
  return (
    <ActionText
      text={errorMessage(t, code, 'auth.errors.generic', { withAction: true })}
      onAction={onForgotPassword}
      className={styles.linkButton}
    />
  );
}

/**
 * The birthday field of sign-up (the email form and socialSignupWithAge): a date input whose
 * error is a code of the catalogue (the shared checkBirthday's answers).
 */
export function BirthdayField({
  error,
  ...input
}: Omit<ComponentProps<typeof TextField>, 'label' | 'type' | 'autoComplete' | 'error'> & { error?: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.fields.birthday')}
      type="date"
      autoComplete="bday"
      error={error && errorText(t, error)}
      {...input}
    />
  );
}
