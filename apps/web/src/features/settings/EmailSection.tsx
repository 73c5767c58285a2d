import { emailContainsProductName } from '@pinboard/shared';
import { ChangeEmailBodySchema } from '@pinboard/shared/settings';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/toastContext.ts';
import { FormError } from '../../ui/FormError.tsx';
import { readStoredAccounts, rememberAccount } from '../auth/storedAccounts.ts';
import { useViewer } from '../viewer/useViewer.ts';
import { PasswordConfirm } from './PasswordConfirm.tsx';
import { fieldError, placeServerError } from './serverErrors.ts';
import styles from './Settings.module.css';
import { changeEmail } from './settingsApi.ts';
import { endpointKey } from '../../api/endpoints.ts';

type Field = 'email' | 'password';
const TOAST_MS = 5000;

/** Change email: the current address, a new one by the sign-up rules, and the password again. */
export function EmailSection({ email }: { email: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { viewer } = useViewer();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<Record<Field, string>>({
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = formState;
  const showError = (field: Field, code: string) => setError(field, { message: code }, { shouldFocus: true });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    // The server's schema first, so a mistyped address never costs a password try.
    const parsed = ChangeEmailBodySchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'email') return showError('email', issue.message);
      return showError('password', 'password_required');
    }
    if (emailContainsProductName(parsed.data.email)) return showError('email', 'email_contains_product_name');
    try {
      const security = await changeEmail(parsed.data);
      reset();
      queryClient.setQueryData(endpointKey('getAccountSecurity'), security);
      void queryClient.invalidateQueries({ queryKey: endpointKey('getViewer') });
      const stored = viewer && readStoredAccounts().accounts[viewer.id];
      if (stored) rememberAccount({ ...stored, email: security.email });
      toast.show(t('settings.email.changed'), { durationMs: TOAST_MS });
    } catch (error) {
      setFormError(placeServerError(t, error, ['email', 'password'] as const, setError));
    }
  });

  // Sign-up's `email_taken` text offers to log in, which makes no sense here.
  const emailError = (code: string | undefined) =>
    code === 'email_taken' ? t('settings.email.taken') : fieldError(t, code);

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('settings.email.title')}</h2>
      <p>{t('settings.email.current', { email })}</p>
      <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label={t('settings.fields.newEmail')}
          type="email"
          autoComplete="email"
          hint={t('settings.email.hint')}
          error={emailError(errors.email?.message)}
          {...register('email')}
        />
        <PasswordConfirm
          registration={register('password')}
          error={fieldError(t, errors.password?.message)}
        />
        <FormError className={styles.error}>{formError}</FormError>
        <div className={styles.row}>
          <Button type="submit" variant="primary" disabled={isSubmitting}>
            {t('settings.email.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
