import { zodResolver } from '@hookform/resolvers/zod';
import { checkBirthday } from '@pinboard/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n.ts';
import { z } from 'zod';
import { Button } from '../../../ui/Button.tsx';
import { FormError } from '../../../ui/FormError.tsx';
import styles from '../AuthFlow.module.css';
import { errorText } from '../errorText.ts';
import { birthdaySeconds, type SignupFailure } from '../flow.ts';
import { BirthdayField, FORM_STYLE, StepHeading } from '../parts.tsx';

interface SocialSignupWithAgeStepProps {
  titleId: string;
  /** What was entered before (coming back from the underage confirmation's Edit). */
  defaultBirthday: string;
  /** The server's verdict on the birthday, shown on the field when the step comes back with it. */
  failure: SignupFailure | null;
  country: string | undefined;
  /** The underage flag is set: the birthday is disabled and sign-up blocked. */
  underageBlocked: boolean;
  onUnderage: (birthday: string) => void;
  /** Signs up with the birthday; resolves the code of a failure to show here, or null. */
  onSubmit: (birthday: string) => Promise<string | null>;
}

/**
 * socialSignupWithAge (docs/product/accounts.md#screens): the provider gave no birthday, so it is asked
 * here with the email form's field and rules (the shared checkBirthday; underage takes the same
 * path as there).
 */
export function SocialSignupWithAgeStep(props: SocialSignupWithAgeStepProps) {
  const { titleId, failure, country, underageBlocked } = props;
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(failure?.field === 'form' ? failure.code : null);
  const verdict = (birthday: string) =>
    checkBirthday(birthdaySeconds(birthday), { now: new Date(), country });
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(
      z.object({
        birthday: z.string().superRefine((birthday, ctx) => {
          const code = verdict(birthday);
          // Underage is no message on the field: the step goes on to its confirmation.
          if (code && code !== 'underage') ctx.addIssue({ code: 'custom', message: code });
        }),
      }),
    ),
    defaultValues: { birthday: props.defaultBirthday },
  });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (failure?.field === 'birthday') setError('birthday', { message: failure.code }, { shouldFocus: true });
    // Only the failure the step came back with, once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const clearFormError = () => setFormError(null);
  const onSubmit = handleSubmit(async ({ birthday }) => {
    clearFormError();
    if (verdict(birthday) === 'underage') return props.onUnderage(birthday);
    setFormError(await props.onSubmit(birthday));
  }, clearFormError);

  return (
    <div className={styles.step}>
      <StepHeading titleId={titleId} title={t('auth.social.age.title')}>
        {t('auth.social.age.text')}
      </StepHeading>
      <form className={styles.form} style={FORM_STYLE} noValidate onSubmit={(event) => void onSubmit(event)}>
        <BirthdayField
          data-autofocus=""
          error={underageBlocked ? 'underage' : errors.birthday?.message}
          {...register('birthday', { disabled: underageBlocked })}
        />
        <FormError>{formError && errorText(t, formError)}</FormError>
        <Button
          type="submit"
          variant="primary"
          className={styles.wide}
          disabled={isSubmitting || underageBlocked}
        >
          {isSubmitting ? t('auth.actions.working') : t('auth.actions.continue')}
        </Button>
      </form>
    </div>
  );
}
