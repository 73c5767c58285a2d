import { useTranslation } from '../../i18n.ts';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../ui/TextField.tsx';

/** The password asked again before a sensitive change (`reauth_failed` reads on it). */
export function PasswordConfirm({
  registration,
  error,
  autoFocus,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('settings.fields.password')}
      type="password"
      autoComplete="current-password"
      hint={t('settings.passwordReason')}
      error={error}
      // The field appears after a button press asked for it: focus follows the person.
      autoFocus={autoFocus}
      {...registration}
    />
  );
}
