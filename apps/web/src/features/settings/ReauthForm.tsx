import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n.ts';
import { z } from 'zod';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { PasswordConfirm } from './PasswordConfirm.tsx';
import { placeServerError } from '../../api/formErrors.ts';
import { fieldError } from './fieldError.ts';
import styles from './Settings.module.css';

// The password's rule is the server's (ReauthBodySchema), which calls any refused one wrong; the
// form asks for an empty one instead, before a try is spent.
const ReauthFormSchema = z.object({ password: z.string().min(1, { error: 'password_required' }) });
type ReauthFormValues = z.infer<typeof ReauthFormSchema>;

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
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, setError, formState } = useForm<ReauthFormValues>({
    resolver: zodResolver(ReauthFormSchema),
    // A message stays until the next try, as the server's do.
    reValidateMode: 'onSubmit',
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(
    async ({ password }) => {
      setFormError(undefined);
      try {
        await onSubmit(password);
      } catch (error) {
        setFormError(fieldError(t, placeServerError(error, ['password'] as const, setError)));
      }
    },
    // A new try clears the last one's message, even when the field stops it.
    () => setFormError(undefined),
  );

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
