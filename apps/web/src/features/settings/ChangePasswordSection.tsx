import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { EndOtherSessionsField, NewPasswordField, useNewPasswordCheck } from './NewPasswordFields.tsx';
import { fieldError, placeServerError } from './serverErrors.ts';
import styles from './Settings.module.css';
import { changePassword } from './settingsApi.ts';
import { endpointKey } from '../../api/endpoints.ts';

interface Values {
  current_password: string;
  new_password: string;
  end_other_sessions: boolean;
}

/** Change password: the current one, a new one by the sign-up rules, and 'Log out of other devices'. */
export function ChangePasswordSection({ email }: { email: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const checkNewPassword = useNewPasswordCheck(email);
  const [status, setStatus] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({
    defaultValues: { current_password: '', new_password: '', end_other_sessions: true },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    setFormError(null);
    if (!values.current_password) {
      setError('current_password', { message: 'password_required' }, { shouldFocus: true });
      return;
    }
    const problem = await checkNewPassword(values.new_password);
    if (problem) {
      setError('new_password', { message: problem }, { shouldFocus: true });
      return;
    }
    try {
      await changePassword(values);
      reset();
      setStatus(values.end_other_sessions ? t('settings.password.doneEnded') : t('settings.password.done'));
      if (values.end_other_sessions)
        void queryClient.invalidateQueries({ queryKey: endpointKey('listSessions') });
    } catch (error) {
      setFormError(placeServerError(t, error, ['current_password', 'new_password'] as const, setError));
    }
  });

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('settings.password.title')}</h2>
      <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label={t('settings.fields.currentPassword')}
          type="password"
          autoComplete="current-password"
          error={fieldError(t, errors.current_password?.message)}
          {...register('current_password')}
        />
        <NewPasswordField
          error={fieldError(t, errors.new_password?.message)}
          field={register('new_password')}
        />
        <EndOtherSessionsField field={register('end_other_sessions')} />
        <FormError className={styles.error}>{formError}</FormError>
        <div className={styles.row}>
          <Button type="submit" variant="primary" disabled={isSubmitting}>
            {t('settings.password.submit')}
          </Button>
        </div>
        <p role="status">{status}</p>
      </form>
    </section>
  );
}
