import { zodResolver } from '@hookform/resolvers/zod';
import { EmailSchema, PROVIDER_NAMES, type SocialProvider } from '@pinboard/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n.ts';
import { z } from 'zod';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { FormError } from '../../../ui/FormError.tsx';
import styles from '../AuthFlow.module.css';
import { errorText } from '../errorText.ts';
import type { SignupFailure } from '../flow.ts';
import { FORM_STYLE, StepHeading } from '../parts.tsx';

interface EmailCollectionStepProps {
  titleId: string;
  /** Whose sign-up gave no email (null for single sign-on). */
  provider: SocialProvider | null;
  defaultEmail: string;
  /** The server's verdict on the email, shown on the field when the step comes back with it. */
  failure: SignupFailure | null;
  /** Signs up with the email; resolves the code of a failure to show here, or null. */
  onSubmit: (email: string) => Promise<string | null>;
  onNotNow: () => void;
}

// The sign-up email rule, with this step's 'Email is required' when empty (docs/product/accounts.md#rules).
const EmailCollectionSchema = z.object({
  email: z.string().trim().min(1, { error: 'social_email_required', abort: true }).pipe(EmailSchema),
});

/**
 * EmailCollection (docs/product/accounts.md#screens): the provider gave no email, so one is asked for
 * before the account is made; 'Not now' goes back to sign-up.
 */
export function EmailCollectionStep(props: EmailCollectionStepProps) {
  const { titleId, provider, failure } = props;
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(failure?.field === 'form' ? failure.code : null);
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(EmailCollectionSchema),
    defaultValues: { email: props.defaultEmail },
  });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (failure?.field === 'email') setError('email', { message: failure.code }, { shouldFocus: true });
    // Only the failure the step came back with, once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const clearFormError = () => setFormError(null);
  const onSubmit = handleSubmit(async ({ email }) => {
    clearFormError();
    setFormError(await props.onSubmit(email));
  }, clearFormError);

  return (
    <div className={styles.step}>
      <StepHeading titleId={titleId} title={t('auth.social.emailCollection.title')}>
        {provider
          ? t('auth.social.emailCollection.text', { provider: PROVIDER_NAMES[provider] })
          : t('auth.social.emailCollection.textNoProvider')}
      </StepHeading>
      <form className={styles.form} style={FORM_STYLE} noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          data-autofocus=""
          error={errors.email?.message && errorText(t, errors.email.message)}
          {...register('email')}
        />
        <FormError>{formError && errorText(t, formError)}</FormError>
        <Button type="submit" variant="primary" className={styles.wide} disabled={isSubmitting}>
          {isSubmitting ? t('auth.actions.working') : t('auth.actions.continue')}
        </Button>
      </form>
      <p className={styles.toggle}>
        <button type="button" className={styles.linkButton} onClick={props.onNotNow}>
          {t('auth.social.emailCollection.notNow')}
        </button>
      </p>
    </div>
  );
}
