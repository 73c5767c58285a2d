import { zodResolver } from '@hookform/resolvers/zod';
import { checkBirthday, emailTypoHint, EmailSchema } from '@pinboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from '../../i18n.ts';
import { z } from 'zod';
import { ApiRequestError } from '../../api/client.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { FormError } from '../../ui/FormError.tsx';
import styles from './AuthFlow.module.css';
import { validateEmail } from './authApi.ts';
import { existsQuery, passwordRulesQuery, useEmailAvailabilityCheck } from './authQueries.ts';
import { BotCheckPanel } from './BotCheckPanel.tsx';
import type { BotCheck } from './botCheck/useBotCheck.ts';
import { errorText } from './errorText.ts';
import { birthdaySeconds, type SignupDraft, type SignupFailure } from './flow.ts';
import type { LoginErrorPlacement } from './loginErrors.ts';
import { BirthdayField, FORM_STYLE, LoginErrorText } from './parts.tsx';
import { checkSignupPassword, loadCommonPasswords } from './passwordCheck.ts';
import type { RecoveryModalCode } from './recovery.ts';
import type { SocialError } from './social/outcomes.ts';
import { SsoButton } from './social/SsoButton.tsx';
import { useSsoForm, type StartSso } from './social/useSsoForm.ts';

// The email is checked as the visitor leaves the field; password and birthday on submit, and
// only for a new email (an existing one logs in with the password instead).
const SignupFormSchema = z.object({ email: EmailSchema, password: z.string(), birthday: z.string() });

export interface SignupFormProps {
  draft: SignupDraft;
  failure: SignupFailure | null;
  country: string | undefined;
  /** The underage flag is set: the birthday is disabled and sign-up blocked. */
  underageBlocked: boolean;
  focusBirthday?: boolean;
  /** Focus the email field on mount (the form was just revealed). */
  focusEmail?: boolean;
  botCheck: BotCheck;
  login: (email: string, password: string) => Promise<LoginErrorPlacement | null>;
  onRecovery: (code: RecoveryModalCode, email: string) => void;
  /** To the forgot-password step (the wrong-password message links there). */
  onForgotPassword: (email: string) => void;
  onUnderage: (draft: SignupDraft) => void;
  /** The draft passed every check: on to consents or registration; resolves a failure to show. */
  onReady: (draft: SignupDraft) => Promise<SignupFailure | null>;
  /** A login error that reads under a provider's button (the account is linked to it). */
  onProviderError?: (error: SocialError, email: string) => void;
  /** Single sign-on for the typed address (docs/product/accounts.md#sso); none without it. */
  onSso?: StartSso;
}

/** Availability first, then log in or validate and register. */
export function SignupForm(props: SignupFormProps) {
  const { draft, failure, country, underageBlocked, botCheck, login } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(failure?.field === 'form' ? failure.code : null);
  const [tooQuick, setTooQuick] = useState(false);
  const { register, handleSubmit, setError, setValue, setFocus, getValues, control, formState } = useForm({
    resolver: zodResolver(SignupFormSchema),
    // Errors appear on Continue, then follow the typing: a message shown when the email field
    // merely lost focus would push the provider buttons under a pointer already pressing one.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: draft,
  });
  const { errors, isSubmitting } = formState;
  const email = useWatch({ control, name: 'email' });
  const typoHint = email.length > 0 ? emailTypoHint(email) : null;
  useEmailAvailabilityCheck(email);
  const sso = useSsoForm(email, props.onSso);

  useEffect(() => {
    if (failure && failure.field !== 'form')
      setError(failure.field, { message: failure.code }, { shouldFocus: true });
    else if (props.focusBirthday) setFocus('birthday');
    else if (props.focusEmail) setFocus('email');
    // Only the failure the form came back with, once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function showLoginError(placement: LoginErrorPlacement, email: string) {
    setTooQuick(placement.kind === 'tooQuick');
    if (placement.kind === 'field')
      setError(
        placement.field === 'code' ? 'email' : placement.field,
        { message: placement.code },
        { shouldFocus: true },
      );
    else if (placement.kind === 'facebook' || placement.kind === 'google') {
      if (props.onProviderError) props.onProviderError({ slot: placement.kind, code: placement.code }, email);
      else setFormError(placement.code);
    } else if (placement.kind === 'recovery') props.onRecovery(placement.code, email);
    else if (placement.kind !== 'tooQuick') setFormError('internal');
  }

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    let exists: boolean;
    try {
      exists = await queryClient.fetchQuery(existsQuery(values.email));
    } catch (error) {
      // The email is taken: the server's text only when it is rate-limiting.
      const rateLimited = error instanceof ApiRequestError && error.code === 'rate_limited';
      setError(
        'email',
        { message: rateLimited ? 'rate_limited' : 'email_invalid_format' },
        { shouldFocus: true },
      );
      return;
    }
    if (exists) {
      const placement = await login(values.email, values.password);
      if (placement) showLoginError(placement, values.email);
      return;
    }

    // The server's is_valid false reads like an excluded domain. Its failure
    // does not block sign-up; registration checks the address again.
    if (!(await validateEmail(values.email).catch(() => true))) {
      setError('email', { message: 'email_excluded_domain' }, { shouldFocus: true });
      return;
    }
    const rules = await queryClient.fetchQuery(passwordRulesQuery()).catch(() => null);
    const passwordCode = await checkSignupPassword(values.password, rules, values.email);
    const birthdayCode = checkBirthday(birthdaySeconds(values.birthday), { now: new Date(), country });
    if (passwordCode) setError('password', { message: passwordCode }, { shouldFocus: true });
    if (birthdayCode && birthdayCode !== 'underage') {
      setError('birthday', { message: birthdayCode }, { shouldFocus: !passwordCode });
    }
    if (passwordCode || (birthdayCode && birthdayCode !== 'underage')) return;
    if (birthdayCode === 'underage') {
      props.onUnderage(values);
      return;
    }

    const result = await props.onReady(values);
    if (result?.field === 'form') setFormError(result.code);
    else if (result) setError(result.field, { message: result.code }, { shouldFocus: true });
  });

  const birthdayError = underageBlocked ? 'underage' : errors.birthday?.message;
  return (
    <form className={styles.form} style={FORM_STYLE} noValidate onSubmit={sso.onSubmit(onSubmit)}>
      <TextField
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        data-autofocus=""
        error={errors.email?.message && errorText(t, errors.email.message)}
        hint={
          typoHint && (
            <Trans
              i18nKey="auth.fields.typoHint"
              values={{ email: typoHint }}
              components={[
                <button
                  key="hint"
                  type="button"
                  className={styles.linkButton}
                  onClick={() => {
                    setValue('email', typoHint, { shouldValidate: true, shouldDirty: true });
                    setFocus('email');
                  }}
                />,
              ]}
            />
          )
        }
        {...register('email')}
      />
      {sso.info ? (
        <SsoButton busy={sso.busy} error={sso.error} />
      ) : (
        <>
          <TextField
            label={t('auth.fields.createPassword')}
            type="password"
            autoComplete="new-password"
            error={
              errors.password?.message && (
                <LoginErrorText
                  code={errors.password.message}
                  onForgotPassword={() => props.onForgotPassword(getValues('email').trim())}
                />
              )
            }
            onFocus={() => void loadCommonPasswords()}
            {...register('password')}
          />
          <BirthdayField error={birthdayError} {...register('birthday', { disabled: underageBlocked })} />
          {underageBlocked && <a href="/age-appeal/">{t('auth.underage.review')}</a>}
          {formError && <FormError>{errorMessage(t, formError, 'auth.errors.signupFailed')}</FormError>}
          {tooQuick && <BotCheckPanel botCheck={botCheck} />}
          <Button
            type="submit"
            variant="primary"
            className={styles.wide}
            disabled={isSubmitting || underageBlocked}
          >
            {isSubmitting ? t('auth.actions.working') : t('auth.actions.continue')}
          </Button>
        </>
      )}
    </form>
  );
}
