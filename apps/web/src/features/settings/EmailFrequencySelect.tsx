import { EMAIL_FREQUENCIES } from '@pinboard/shared/account-settings';
import type { ComponentProps } from 'react';
import { useTranslation } from '../../i18n.ts';

/**
 * How often a category's mail goes out (off, as it happens, daily): the one select of the
 * notification settings and of the mail-choices page a mail's link opens. Takes a select's props
 * (a form library's `register` or `value` and `onChange`).
 */
export function EmailFrequencySelect(props: ComponentProps<'select'> & { 'aria-label': string }) {
  const { t } = useTranslation();
  return (
    <select {...props}>
      {EMAIL_FREQUENCIES.map((frequency) => (
        <option key={frequency} value={frequency}>
          {t(`accountSettings.notifications.frequencies.${frequency}`)}
        </option>
      ))}
    </select>
  );
}
