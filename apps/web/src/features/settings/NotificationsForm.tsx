import {
  NOTIFICATION_CATEGORIES,
  NotificationSettingsSchema,
  type NotificationSettings,
} from '@pinboard/shared/account-settings';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n.ts';
import { api, endpointKey } from '../../api/endpoints.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { EmailFrequencySelect } from './EmailFrequencySelect.tsx';
import styles from './Settings.module.css';

/** Every category's mail frequency and push switch, saved together (`PUT …/notifications/`). */
export function NotificationsForm({ settings }: { settings: NotificationSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string>();
  const [status, setStatus] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<NotificationSettings>({
    resolver: zodResolver(NotificationSettingsSchema),
    defaultValues: settings,
  });

  const onSubmit = handleSubmit(async (body) => {
    setFormError(undefined);
    setStatus(null);
    try {
      const { data } = await api.updateNotificationSettings({ body });
      queryClient.setQueryData(endpointKey('getNotificationSettings'), data);
      setStatus(t('accountSettings.notifications.saved'));
    } catch (error) {
      setFormError(errorMessage(t, error, 'auth.errors.generic'));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('accountSettings.notifications.category')}</th>
            <th scope="col">{t('accountSettings.notifications.email')}</th>
            <th scope="col">{t('accountSettings.notifications.push')}</th>
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_CATEGORIES.map((category) => {
            const name = t(`accountSettings.notifications.categories.${category}`);
            return (
              <tr key={category}>
                <th scope="row">{name}</th>
                <td>
                  <EmailFrequencySelect
                    aria-label={`${name}: ${t('accountSettings.notifications.email')}`}
                    {...register(`${category}.email`)}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${name}: ${t('accountSettings.notifications.push')}`}
                    {...register(`${category}.push`)}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <FormError>{formError}</FormError>
      <div className={styles.row}>
        <Button type="submit" variant="primary" disabled={formState.isSubmitting}>
          {t('accountSettings.notifications.save')}
        </Button>
      </div>
      <p role="status">{status}</p>
    </form>
  );
}
