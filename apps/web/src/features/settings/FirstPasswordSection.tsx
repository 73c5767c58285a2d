import { zodResolver } from '@hookform/resolvers/zod';
import { FirstPasswordBodySchema, type AccountSecurity } from '@pinboard/shared/settings';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n.ts';
import { z } from 'zod';
import { ApiRequestError } from '../../api/client.ts';
import { placeServerError } from '../../api/formErrors.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/toastContext.ts';
import { FormError } from '../../ui/FormError.tsx';
import { forgetAccount } from '../auth/storedAccounts.ts';
import { changeViewer } from '../viewer/changeViewer.ts';
import { useViewer } from '../viewer/useViewer.ts';
import { fieldError } from './fieldError.ts';
import { EndOtherSessionsField, NewPasswordField, useNewPasswordCheck } from './NewPasswordFields.tsx';
import styles from './Settings.module.css';
import { setFirstPassword } from './settingsApi.ts';
import { api, endpointKey } from '../../api/endpoints.ts';

/** The section's id, for the in-page link of the connected accounts' 'set a password'. */
export const FIRST_PASSWORD_ID = 'set-password';

const TOAST_MS = 5000;

// The server's body and the repeat; the sign-up rules and the repeat are checked below.
const FirstPasswordFormSchema = z.object({
  new_password: z.string(),
  confirm: z.string(),
  end_other_sessions: FirstPasswordBodySchema.shape.end_other_sessions,
});
type Values = z.infer<typeof FirstPasswordFormSchema>;

/**
 * 'Set a password' for an account made through a provider (it has none to ask again): a new one
 * by the sign-up rules, twice, and 'Log out of other devices'. The server takes it only within
 * 10 minutes of signing in (decision 21); after that it says to log out and in again, which the
 * button here starts (the settings page then asks for the login and comes back).
 */
export function FirstPasswordSection({ email }: { email: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const checkNewPassword = useNewPasswordCheck(email);
  const toast = useToast();
  const { viewer } = useViewer();
  const [formError, setFormError] = useState<string>();
  const [staleLogin, setStaleLogin] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    resolver: zodResolver(
      // The sign-up rules first, then the repeat: one message at a time.
      FirstPasswordFormSchema.superRefine(async ({ new_password, confirm }, ctx) => {
        const problem = await checkNewPassword(new_password);
        if (problem) ctx.addIssue({ code: 'custom', path: ['new_password'], message: problem });
        else if (new_password !== confirm)
          ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'mismatch' });
      }),
    ),
    // A message stays until the next try, as the server's do (the rules are not run per key).
    reValidateMode: 'onSubmit',
    defaultValues: { new_password: '', confirm: '', end_other_sessions: true },
  });
  const { errors, isSubmitting } = formState;

  // A new try clears the last one's messages, even when a field stops it.
  function clearMessages() {
    setFormError(undefined);
    setStaleLogin(false);
  }

  const onSubmit = handleSubmit(async ({ confirm: _repeat, ...body }) => {
    clearMessages();
    try {
      await setFirstPassword(body);
      // This section gives way to the change form at once; the answers that say has_password
      // (the overview, the connected accounts, the viewer's info) are asked again.
      queryClient.setQueryData<AccountSecurity>(
        endpointKey('getAccountSecurity'),
        (old) => old && { ...old, has_password: true },
      );
      refreshPasswordFacts();
      if (body.end_other_sessions)
        void queryClient.invalidateQueries({ queryKey: endpointKey('listSessions') });
      const done = body.end_other_sessions
        ? 'settings.firstPassword.doneEnded'
        : 'settings.firstPassword.done';
      toast.show(t(done), { durationMs: TOAST_MS });
    } catch (error) {
      const code = error instanceof ApiRequestError ? error.code : null;
      // Set meanwhile in another tab: the change form is the one that works now.
      if (code === 'forbidden') return refreshPasswordFacts();
      setStaleLogin(code === 'recent_login_required');
      setFormError(fieldError(t, placeServerError(error, ['new_password'] as const, setError)));
    }
  }, clearMessages);

  function refreshPasswordFacts() {
    for (const queryKey of [
      endpointKey('getAccountSecurity'),
      endpointKey('getLinkedIdentities'),
      endpointKey('getViewer'),
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }

  async function logOutToLogIn() {
    try {
      await api.logOut();
      if (viewer) forgetAccount(viewer.id);
      await changeViewer(queryClient, null);
    } catch {
      setFormError(t('auth.account.logOutFailed'));
    }
  }

  return (
    <section id={FIRST_PASSWORD_ID} className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('settings.firstPassword.title')}</h2>
      <p className={styles.note}>{t('settings.firstPassword.text')}</p>
      <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
        <NewPasswordField
          error={fieldError(t, errors.new_password?.message)}
          field={register('new_password')}
        />
        <TextField
          label={t('settings.fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.confirm?.message && t('settings.firstPassword.mismatch')}
          {...register('confirm')}
        />
        <EndOtherSessionsField field={register('end_other_sessions')} />
        <FormError className={styles.error}>{formError}</FormError>
        <div className={styles.row}>
          <Button type="submit" variant="primary" disabled={isSubmitting}>
            {t('settings.firstPassword.submit')}
          </Button>
          {staleLogin && (
            <Button onClick={() => void logOutToLogIn()}>{t('settings.firstPassword.logOut')}</Button>
          )}
        </div>
      </form>
    </section>
  );
}
