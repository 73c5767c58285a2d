import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBodySchema } from '@pinboard/shared';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../i18n.ts';
import { z } from 'zod';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { FormError } from '../../ui/FormError.tsx';
import styles from './AuthFlow.module.css';
import { BotCheckPanel } from './BotCheckPanel.tsx';
import type { BotCheck } from './botCheck/useBotCheck.ts';
import { errorText } from './errorText.ts';
import type { LoginErrorPlacement } from './loginErrors.ts';
import { FORM_STYLE, LoginErrorText } from './parts.tsx';
import type { RecoveryModalCode } from './recovery.ts';
import type { SocialError } from './social/outcomes.ts';
import { socialErrorText } from './social/SocialErrorText.tsx';
import { SsoButton } from './social/SsoButton.tsx';
import { useSsoForm, type StartSso } from './social/useSsoForm.ts';

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
  /** A login error that reads under a provider's button; without it, it reads under the form. */
  onProviderError?: (error: SocialError, usernameOrEmail: string) => void;
  /** Single sign-on for a typed address (docs/product/accounts.md#sso); none without it. */
  onSso?: StartSso;
}

/** Email (or username) and password, each answer's error placed as docs/product/accounts.md#messages says. */
export function LoginForm({
  login,
  onRecovery,
  onForgotPassword,
  botCheck,
  knownEmail,
  defaultEmail = '',
  onProviderError,
  onSso,
}: LoginFormProps) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const [tooQuick, setTooQuick] = useState(false);
  const { register, handleSubmit, setError, getValues, control, formState } = useForm<LoginFormValues>({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { username_or_email: knownEmail ?? defaultEmail, password: '' },
  });
  const { errors, isSubmitting } = formState;
  const account = useWatch({ control, name: 'username_or_email' });
  const sso = useSsoForm(account, onSso);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const placement = await login(values.username_or_email, values.password);
    if (!placement) return;
    setTooQuick(placement.kind === 'tooQuick');
    if (placement.kind === 'field') {
      const name = placement.field === 'password' ? 'password' : 'username_or_email';
      setError(name, { message: placement.code }, { shouldFocus: true });
    } else if (placement.kind === 'facebook' || placement.kind === 'google') {
      const error = { slot: placement.kind, code: placement.code };
      if (onProviderError) onProviderError(error, values.username_or_email.trim());
      else setFormError(socialErrorText(t, placement.code));
    } else if (placement.kind === 'recovery') onRecovery(placement.code, values.username_or_email.trim());
    else if (placement.kind !== 'tooQuick') setFormError(t('auth.errors.generic'));
  });
  const forgotPassword = () => onForgotPassword(getValues('username_or_email').trim());

  return (
    <form className={styles.form} style={FORM_STYLE} noValidate onSubmit={sso.onSubmit(onSubmit)}>
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
      {sso.info ? (
        <SsoButton busy={sso.busy} error={sso.error} />
      ) : (
        <>
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
          <FormError>{formError}</FormError>
          {tooQuick && <BotCheckPanel botCheck={botCheck} />}
          <Button type="submit" variant="primary" className={styles.wide} disabled={isSubmitting}>
            {isSubmitting ? t('auth.actions.working') : t('auth.actions.logIn')}
          </Button>
        </>
      )}
      <p className={styles.toggle}>
        <button type="button" className={styles.linkButton} onClick={forgotPassword}>
          {t('auth.recovery.forgotLink')}
        </button>
      </p>
    </form>
  );
}
