import { zodResolver } from '@hookform/resolvers/zod';
import type { Viewer } from '@pinboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n.ts';
import { z } from 'zod';
import { ApiRequestError } from '../../api/client.ts';
import { placeServerError } from '../../api/formErrors.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { FormError } from '../../ui/FormError.tsx';
import styles from './AuthFlow.module.css';
import { resetPassword } from './recoveryApi.ts';
import { passwordRulesQuery } from './authQueries.ts';
import { errorText } from './errorText.ts';
import type { MfaChallenge } from './flow.ts';
import { FORM_STYLE } from './parts.tsx';
import { checkSignupPassword, loadCommonPasswords } from './passwordCheck.ts';

// The new password and its repeat; the sign-up rules and the repeat are checked below.
const ResetPasswordFormSchema = z.object({ password: z.string(), confirm: z.string() });
type ResetPasswordFormValues = z.infer<typeof ResetPasswordFormSchema>;

interface ResetPasswordFormProps {
  token: string;
  /** The new password is set and this browser signed in with it. */
  onDone: (viewer: Viewer) => void;
  /** The link is unknown, used or expired. */
  onInvalidToken: () => void;
  /** The password is set, but the account has two-factor login on: a code was texted. */
  onMfaRequired: (challenge: MfaChallenge) => void;
}

/**
 * A new password for a mailed link: the sign-up rules (with the lazily loaded common-password
 * list) before the call, the same password twice, then the server's own check with the
 * account's name and email.
 */
export function ResetPasswordForm({ token, onDone, onInvalidToken, onMfaRequired }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(
      // The sign-up rules first, then the repeat: one message at a time.
      ResetPasswordFormSchema.superRefine(async ({ password, confirm }, ctx) => {
        const rules = await queryClient.fetchQuery(passwordRulesQuery()).catch(() => null);
        // The account's email is not known here; the server checks the password against it.
        const problem = await checkSignupPassword(password, rules, '');
        if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
        else if (password !== confirm)
          ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'mismatch' });
      }),
    ),
    // A message stays until the next try, as the server's do (the rules are not run per key).
    reValidateMode: 'onSubmit',
    defaultValues: { password: '', confirm: '' },
  });
  const { errors, isSubmitting } = formState;
  const clearFormError = () => setFormError(null);

  const onSubmit = handleSubmit(async ({ password }) => {
    clearFormError();
    try {
      onDone((await resetPassword({ token, password })).user);
    } catch (error) {
      const code = error instanceof ApiRequestError ? error.code : 'internal';
      if (code === 'reset_token_invalid') onInvalidToken();
      else if ((code === 'mfa_required' || code === 'mfa_send_limited') && error instanceof ApiRequestError) {
        // The reset does not bypass the second factor: the login with the new password and the
        // texted code signs in (`data.username_or_email` names the account). Past the texting
        // cap no code went out, and the step offers the backup codes instead.
        const { username_or_email: account, phone_number_end: end, backup_codes: backupCodes } = error.data;
        if (typeof account === 'string') {
          onMfaRequired({
            credentials: { kind: 'password', usernameOrEmail: account, password },
            phoneNumberEnd: typeof end === 'string' ? end : '',
            ...(code === 'mfa_send_limited' ? { sendLimit: { backupCodes: backupCodes === true } } : {}),
          });
        } else setFormError(code);
      } else setFormError(placeServerError(error, ['password'] as const, setError));
    }
  }, clearFormError);

  return (
    <form className={styles.form} style={FORM_STYLE} noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField
        label={t('auth.recovery.reset.newPassword')}
        type="password"
        autoComplete="new-password"
        data-autofocus=""
        error={errors.password?.message && errorText(t, errors.password.message)}
        onFocus={() => void loadCommonPasswords()}
        {...register('password')}
      />
      <TextField
        label={t('auth.recovery.reset.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={errors.confirm?.message && t('auth.recovery.reset.mismatch')}
        {...register('confirm')}
      />
      {formError && <FormError>{errorText(t, formError)}</FormError>}
      <Button type="submit" variant="primary" className={styles.wide} disabled={isSubmitting}>
        {isSubmitting ? t('auth.actions.working') : t('auth.recovery.reset.submit')}
      </Button>
    </form>
  );
}
