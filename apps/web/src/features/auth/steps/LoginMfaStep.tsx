import { zodResolver } from '@hookform/resolvers/zod';
import { BackupCodeSchema, MfaCodeSchema } from '@pinboard/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n.ts';
import { z } from 'zod';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { FormError } from '../../../ui/FormError.tsx';
import styles from '../AuthFlow.module.css';
import { errorText } from '../errorText.ts';
import type { MfaSendLimit } from '../flow.ts';
import type { LoginOutcome } from '../loginOutcome.ts';
import type { RecoveryModalCode } from '../recovery.ts';
import { FORM_STYLE, StepHeading } from '../parts.tsx';
import type { SecondFactor } from '../useLoginAttempt.ts';

const TextedCodeSchema = z.object({ code: MfaCodeSchema });
const BackupSchema = z.object({ code: BackupCodeSchema });
type CodeValues = { code: string };

export interface LoginMfaStepProps {
  titleId: string;
  /** The last digits of the number the code went to (`error.data.phone_number_end`). */
  phoneNumberEnd: string;
  /** No code could be texted (the hourly cap): the step says so and offers the backup codes. */
  sendLimit?: MfaSendLimit;
  /** The login again with the second factor. */
  submit: (secondFactor: SecondFactor) => Promise<LoginOutcome>;
  /** Texted a new code (shows the toast); the old one is dead. */
  onResent: () => void;
  onBack: () => void;
  /**
   * Opens a recovery modal in the step's place: a wrong code is a failed login, so enough of them
   * lock the account (too many attempts). Without it such answers read as a form error.
   */
  onRecovery?: (code: RecoveryModalCode) => void;
  /** A line above the form (the reset page says the new password is set). */
  note?: string;
}

/**
 * The loginMfa step (docs/product/accounts.md#rules): the code texted to the number ending in
 * `phoneNumberEnd`, a new one on request, or one of the account's backup codes instead. Past the
 * texting cap it says no code went out and, when the account has backup codes left, asks for one.
 */
export function LoginMfaStep({
  titleId,
  phoneNumberEnd,
  sendLimit,
  submit,
  onResent,
  onBack,
  onRecovery,
  note,
}: LoginMfaStepProps) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState<MfaSendLimit | null>(sendLimit ?? null);
  const [backup, setBackup] = useState(sendLimit?.backupCodes ?? false);
  const [formError, setFormError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const { register, handleSubmit, setError, clearErrors, reset, formState } = useForm<CodeValues>({
    resolver: zodResolver(backup ? BackupSchema : TextedCodeSchema),
    defaultValues: { code: '' },
  });
  const { errors, isSubmitting } = formState;

  function place(outcome: LoginOutcome) {
    if (outcome.kind === 'signedIn') return;
    // Asked for a code again in answer to one: nothing this step can do but say it failed.
    if (outcome.kind === 'mfaNeeded') return setFormError(t('auth.errors.generic'));
    const placement = outcome.error;
    if (placement.kind === 'field' && placement.field === 'code') {
      setError('code', { message: placement.code }, { shouldFocus: true });
    } else if (placement.kind === 'field' || placement.kind === 'facebook' || placement.kind === 'google') {
      setFormError(errorText(t, placement.code));
    } else if (placement.kind === 'recovery' && onRecovery) onRecovery(placement.code);
    else if (placement.kind === 'form') setFormError(t(`auth.errors.${placement.text}`));
    else setFormError(t('auth.errors.generic'));
  }

  const onSubmit = handleSubmit(async ({ code }) => {
    setFormError(null);
    place(await submit(backup ? { backup_code: code } : { mfa_token: code }));
  });

  async function resend() {
    setFormError(null);
    clearErrors();
    setResending(true);
    const outcome = await submit({ mfa_resend: true });
    setResending(false);
    if (outcome.kind === 'mfaNeeded' && outcome.sendLimit) {
      // Past the texting cap: no new code; the backup codes, when there are some, instead.
      setLimit(outcome.sendLimit);
      if (outcome.sendLimit.backupCodes) showBackup(true);
    } else if (outcome.kind === 'mfaNeeded') {
      // A resend answers `mfa_required` again: the new code is on its way.
      setLimit(null);
      onResent();
    } else place(outcome);
  }

  function showBackup(show: boolean) {
    setBackup(show);
    setFormError(null);
    reset({ code: '' });
  }

  return (
    <div className={styles.step}>
      <StepHeading titleId={titleId} title={backup ? t('auth.mfa.backupTitle') : t('auth.mfa.title')}>
        {backup
          ? t('auth.mfa.backupText')
          : phoneNumberEnd
            ? t('auth.mfa.text', { end: phoneNumberEnd })
            : t('auth.mfa.textNoNumber')}
      </StepHeading>
      {note && <p role="status">{note}</p>}
      {limit && (
        <p role="alert" className={styles.formError}>
          {t('errors.mfa_send_limited')}{' '}
          {limit.backupCodes ? t('auth.mfa.sendLimitedBackup') : t('auth.mfa.sendLimitedLastCode')}
        </p>
      )}
      <form className={styles.form} style={FORM_STYLE} noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          key={backup ? 'backup' : 'texted'}
          label={backup ? t('auth.mfa.backupLabel') : t('auth.mfa.codeLabel')}
          type="text"
          inputMode={backup ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          data-autofocus=""
          error={errors.code?.message && errorText(t, errors.code.message)}
          {...register('code')}
        />
        <FormError>{formError}</FormError>
        <Button type="submit" variant="primary" className={styles.wide} disabled={isSubmitting}>
          {isSubmitting ? t('auth.actions.working') : t('auth.mfa.submit')}
        </Button>
      </form>
      {!backup && (
        <p className={styles.toggle}>
          <button
            type="button"
            className={styles.linkButton}
            disabled={resending}
            onClick={() => void resend()}
          >
            {t('auth.mfa.resend')}
          </button>
        </p>
      )}
      <p className={styles.toggle}>
        <button type="button" className={styles.linkButton} onClick={() => showBackup(!backup)}>
          {backup ? t('auth.mfa.useTexted') : t('auth.mfa.useBackup')}
        </button>
      </p>
      <p className={styles.toggle}>
        <button type="button" className={styles.linkButton} onClick={onBack}>
          {t('auth.recovery.backToLogin')}
        </button>
      </p>
    </div>
  );
}
