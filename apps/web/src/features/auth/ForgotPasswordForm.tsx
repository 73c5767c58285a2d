import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordBodySchema } from '@pinboard/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n.ts';
import { z } from 'zod';
import { placeServerError } from '../../api/formErrors.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { FormError } from '../../ui/FormError.tsx';
import styles from './AuthFlow.module.css';
import { requestPasswordReset } from './recoveryApi.ts';
import { errorText } from './errorText.ts';
import { useForgotPasswordType } from './forgotPasswordType.ts';
import { FORM_STYLE } from './parts.tsx';

// The body's own field rule; `type` comes from the experiment, not the form.
const ForgotPasswordFormSchema = z.object({
  username_or_email: ForgotPasswordBodySchema.shape.username_or_email,
});
type ForgotPasswordFormValues = z.infer<typeof ForgotPasswordFormSchema>;

interface ForgotPasswordFormProps {
  defaultValue?: string;
  /** The server took the request (it answers the same whether the account exists or not). */
  onSent: (usernameOrEmail: string) => void;
}

/** The email (or username) to send a reset link to: the modal's forgotPassword step and the recovery page. */
export function ForgotPasswordForm({ defaultValue = '', onSent }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const type = useForgotPasswordType();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<ForgotPasswordFormValues>({
    resolver: zodResolver(ForgotPasswordFormSchema),
    defaultValues: { username_or_email: defaultValue },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ username_or_email }) => {
    setFormError(null);
    try {
      await requestPasswordReset({ username_or_email, type });
      onSent(username_or_email);
    } catch (error) {
      setFormError(placeServerError(error, ['username_or_email'] as const, setError));
    }
  });

  return (
    <form className={styles.form} style={FORM_STYLE} noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField
        label={t('auth.fields.emailOrUsername')}
        type="text"
        autoComplete="username"
        data-autofocus=""
        error={errors.username_or_email?.message && errorText(t, errors.username_or_email.message)}
        {...register('username_or_email')}
      />
      {formError && <FormError>{errorText(t, formError)}</FormError>}
      <Button type="submit" variant="primary" className={styles.wide} disabled={isSubmitting}>
        {isSubmitting ? t('auth.recovery.forgot.sending') : t('auth.recovery.forgot.send')}
      </Button>
    </form>
  );
}
