import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { PasswordConfirm } from './PasswordConfirm.tsx';
import { fieldError, placeServerError } from './serverErrors.ts';
import styles from './Settings.module.css';

interface ReauthFormProps {
  submitLabel: string;
  /** The change itself, with the password asked again. */
  onSubmit: (password: string) => Promise<void>;
  onCancel?: () => void;
  /** Above the password (a choice, a warning). */
  children?: ReactNode;
}

/** A sensitive change behind the password (a wrong one, `reauth_failed`, reads on the field). */
export function ReauthForm({ submitLabel, onSubmit, onCancel, children }: ReauthFormProps) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<{ password: string }>({
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ password }) => {
    setFormError(null);
    if (!password) {
      setError('password', { message: 'password_required' }, { shouldFocus: true });
      return;
    }
    try {
      await onSubmit(password);
    } catch (error) {
      setFormError(placeServerError(t, error, ['password'] as const, setError));
    }
  });

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      {children}
      <PasswordConfirm
        registration={register('password')}
        error={fieldError(t, errors.password?.message)}
        autoFocus={children === undefined}
      />
      <FormError className={styles.error}>{formError}</FormError>
      <div className={styles.row}>
        <Button type="submit" variant="primary" disabled={isSubmitting}>
          {submitLabel}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('settings.cancel')}</Button>}
      </div>
    </form>
  );
}
