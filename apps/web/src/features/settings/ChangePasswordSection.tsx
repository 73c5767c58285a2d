import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n.ts';
import { z } from 'zod';
import { placeServerError } from '../../api/formErrors.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { fieldError } from './fieldError.ts';
import { EndOtherSessionsField, NewPasswordField, useNewPasswordCheck } from './NewPasswordFields.tsx';
import styles from './Settings.module.css';
import { changePassword } from './settingsApi.ts';
import { endpointKey } from '../../api/endpoints.ts';

// The server's body, with the form's own word for an empty current password; the new password's
// sign-up rules (below) run only once it is there: one message at a time, in the server's order.
const ChangePasswordFormSchema = z.object({
  current_password: z.string().min(1, { error: 'password_required', abort: true }),
  new_password: z.string(),
  end_other_sessions: z.boolean(),
});
type Values = z.infer<typeof ChangePasswordFormSchema>;

/** Change password: the current one, a new one by the sign-up rules, and 'Log out of other devices'. */
export function ChangePasswordSection({ email }: { email: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const checkNewPassword = useNewPasswordCheck(email);
  const [status, setStatus] = useState<string | null>(null);
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({
    resolver: zodResolver(
      ChangePasswordFormSchema.superRefine(async ({ new_password }, ctx) => {
        const problem = await checkNewPassword(new_password);
        if (problem) ctx.addIssue({ code: 'custom', path: ['new_password'], message: problem });
      }),
    ),
    // A message stays until the next try, as the server's do (the rules are not run per key).
    reValidateMode: 'onSubmit',
    defaultValues: { current_password: '', new_password: '', end_other_sessions: true },
  });
  const { errors, isSubmitting } = formState;

  // A new try clears the last one's messages, even when a field stops it.
  function clearMessages() {
    setStatus(null);
    setFormError(undefined);
  }

  const onSubmit = handleSubmit(async (values) => {
    clearMessages();
    try {
      await changePassword(values);
      reset();
      setStatus(values.end_other_sessions ? t('settings.password.doneEnded') : t('settings.password.done'));
      if (values.end_other_sessions)
        void queryClient.invalidateQueries({ queryKey: endpointKey('listSessions') });
    } catch (error) {
      setFormError(
        fieldError(t, placeServerError(error, ['current_password', 'new_password'] as const, setError)),
      );
    }
  }, clearMessages);

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
