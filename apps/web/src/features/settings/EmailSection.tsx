import { zodResolver } from '@hookform/resolvers/zod';
import { emailContainsProductName } from '@pinboard/shared';
import { ChangeEmailBodySchema } from '@pinboard/shared/settings';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n.ts';
import { z } from 'zod';
import { placeServerError } from '../../api/formErrors.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/toastContext.ts';
import { FormError } from '../../ui/FormError.tsx';
import { readStoredAccounts, rememberAccount } from '../auth/storedAccounts.ts';
import { useViewer } from '../viewer/useViewer.ts';
import { PasswordConfirm } from './PasswordConfirm.tsx';
import { fieldError } from './fieldError.ts';
import styles from './Settings.module.css';
import { changeEmail } from './settingsApi.ts';
import { endpointKey } from '../../api/endpoints.ts';
import { refreshViewer } from '../viewer/changeViewer.ts';

const TOAST_MS = 5000;

// The server's email rule first, so a mistyped address never costs a password try; then the
// password asked for, then the product's name in the address: one message at a time, in the
// server's order (each check runs only while none before it failed).
const ChangeEmailFormSchema = z
  .object({ email: ChangeEmailBodySchema.shape.email, password: z.string() })
  .superRefine(
    ({ email, password }, ctx) => {
      if (password === '') ctx.addIssue({ code: 'custom', path: ['password'], message: 'password_required' });
      else if (emailContainsProductName(email))
        ctx.addIssue({ code: 'custom', path: ['email'], message: 'email_contains_product_name' });
    },
    { when: ({ issues }) => issues.length === 0 },
  );
type ChangeEmailForm = z.infer<typeof ChangeEmailFormSchema>;

/** Change email: the current address, a new one by the sign-up rules, and the password again. */
export function EmailSection({ email }: { email: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { viewer } = useViewer();
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, setError, reset, formState } = useForm<ChangeEmailForm>({
    resolver: zodResolver(ChangeEmailFormSchema),
    // A message stays until the next try, as the server's do.
    reValidateMode: 'onSubmit',
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = formState;
  const clearFormError = () => setFormError(undefined);

  const onSubmit = handleSubmit(async (values) => {
    clearFormError();
    try {
      const security = await changeEmail(values);
      reset();
      queryClient.setQueryData(endpointKey('getAccountSecurity'), security);
      void refreshViewer(queryClient);
      const stored = viewer && readStoredAccounts().accounts[viewer.id];
      if (stored) rememberAccount({ ...stored, email: security.email });
      toast.show(t('settings.email.changed'), { durationMs: TOAST_MS });
    } catch (error) {
      setFormError(fieldError(t, placeServerError(error, ['email', 'password'] as const, setError)));
    }
  }, clearFormError);

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
