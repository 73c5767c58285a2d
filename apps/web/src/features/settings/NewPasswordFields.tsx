import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n.ts';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../ui/TextField.tsx';
import { passwordRulesQuery } from '../auth/authQueries.ts';
import { checkSignupPassword, loadCommonPasswords } from '../auth/passwordCheck.ts';
import styles from './Settings.module.css';

/** What is wrong with a new password by the sign-up rules (an error code), or null. */
export function useNewPasswordCheck(email: string) {
  const queryClient = useQueryClient();
  return async (password: string) => {
    const rules = await queryClient.fetchQuery(passwordRulesQuery()).catch(() => null);
    return checkSignupPassword(password, rules, email);
  };
}

/** The new password field of the change and set-password forms (common passwords load on focus). */
export function NewPasswordField({
  error,
  field,
}: {
  error: string | undefined;
  field: UseFormRegisterReturn;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('settings.fields.newPassword')}
      type="password"
      autoComplete="new-password"
      error={error}
      onFocus={() => void loadCommonPasswords()}
      {...field}
    />
  );
}

/** 'Log out of other devices', under both password forms. */
export function EndOtherSessionsField({ field }: { field: UseFormRegisterReturn }) {
  const { t } = useTranslation();
  return (
    <label className={styles.check}>
      <input type="checkbox" {...field} />
      {t('settings.password.endOthers')}
    </label>
  );
}
