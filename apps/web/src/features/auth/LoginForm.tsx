import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBodySchema } from '@pinboard/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import styles from './AuthFlow.module.css';
import { BotCheckPanel } from './BotCheckPanel.tsx';
import type { BotCheck } from './botCheck/useBotCheck.ts';
import { errorText } from './errorText.ts';
import type { LoginErrorPlacement } from './loginErrors.ts';
import { FORM_STYLE, FormError, LoginErrorText } from './parts.tsx';
import type { RecoveryModalCode } from './recovery.ts';

const LoginFormSchema = z.object({
  username_or_email: LoginBodySchema.shape.username_or_email.unwrap(),
  // Its rule (loginPasswordProblem) runs on submit, with the login's own wording.
  password: z.string(),
});
type LoginFormValues = z.infer<typeof LoginFormSchema>;

interface LoginFormProps {
  login: (usernameOrEmail: string, password: string) => Promise<LoginErrorPlacement | null>;
  /** A recovery modal for the account typed in. */
  onRecovery: (code: RecoveryModalCode, usernameOrEmail: string) => void;
  /** To the forgot-password step, with what the person typed as the account. */
  onForgotPassword: (usernameOrEmail: string) => void;
  botCheck: BotCheck;
  /** The recognised account's email: the field is then not shown (the 'Welcome back' screen). */
  knownEmail?: string;
  defaultEmail?: string;
}

/** Email (or username) and password, with spec 1 section 8's placement of the answer's errors. */
export function LoginForm({
  login,
  onRecovery,
  onForgotPassword,
  botCheck,
  knownEmail,
  defaultEmail = '',
}: LoginFormProps) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<'cantLogIn' | 'generic' | null>(null);
  const [tooQuick, setTooQuick] = useState(false);
  const { register, handleSubmit, setError, getValues, formState } = useForm<LoginFormValues>({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { username_or_email: knownEmail ?? defaultEmail, password: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const placement = await login(values.username_or_email, values.password);
    if (!placement) return;
    setTooQuick(placement.kind === 'tooQuick');
    if (placement.kind === 'field') {
      const name = placement.field === 'password' ? 'password' : 'username_or_email';
      setError(name, { message: placement.code }, { shouldFocus: true });
    } else if (placement.kind === 'form') setFormError(placement.text);
    else if (placement.kind === 'recovery') onRecovery(placement.code, values.username_or_email.trim());
  });
  const forgotPassword = () => onForgotPassword(getValues('username_or_email').trim());

  return (
    <form className={styles.form} style={FORM_STYLE} noValidate onSubmit={(event) => void onSubmit(event)}>
      {knownEmail === undefined && (
        <TextField
          label={t('auth.fields.emailOrUsername')}
          type="text"
          autoComplete="username"
          data-autofocus=""
          error={errors.username_or_email?.message && errorText(t, errors.username_or_email.message)}
          {...register('username_or_email')}
        />
      )}
      <TextField
        label={t('auth.fields.password')}
        type="password"
        autoComplete="current-password"
        data-autofocus={knownEmail === undefined ? undefined : ''}
        error={
          errors.password?.message && (
            <LoginErrorText code={errors.password.message} onForgotPassword={forgotPassword} />
          )
        }
        {...register('password')}
      />
      {formError && <FormError>{t(`auth.errors.${formError}`)}</FormError>}
      {tooQuick && <BotCheckPanel botCheck={botCheck} />}
      <Button type="submit" variant="primary" className={styles.wide} disabled={isSubmitting}>
        {isSubmitting ? t('auth.actions.working') : t('auth.actions.logIn')}
      </Button>
      <p className={styles.toggle}>
        <button type="button" className={styles.linkButton} onClick={forgotPassword}>
          {t('auth.recovery.forgotLink')}
        </button>
      </p>
    </form>
  );
}
