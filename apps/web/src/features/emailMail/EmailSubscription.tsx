import {
  NOTIFICATION_CATEGORIES,
  type EmailFrequency,
  type NotificationCategory,
} from '@pinboard/shared/account-settings';
import type { EmailChoices, EmailSubscription as Subscription } from '@pinboard/shared/email-mail';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { ApiRequestError } from '../../api/client.ts';
import { api, endpointKey, queries } from '../../api/endpoints.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { EmailFrequencySelect } from '../settings/EmailFrequencySelect.tsx';
import styles from './EmailMail.module.css';
import './words.ts';

/**
 * `/email/subscription/?token=`: the mail choices of the person a mail went to (its link's token),
 * or the signed-in person's without one. Opening it changes nothing; "Unsubscribe" turns off the
 * mail's own categories, and every category can be set and saved.
 */
export function EmailSubscription({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const query = useQuery(queries.getEmailSubscription({ query: token ? { token } : {} }));
  if (query.isPending) return <p role="status">{t('emailMail.subscription.loading')}</p>;
  if (query.isError) {
    const needsLogin = query.error instanceof ApiRequestError && query.error.code === 'auth_required';
    return (
      <>
        {needsLogin ? null : <p role="alert">{errorMessage(t, query.error, 'auth.errors.generic')}</p>}
        <Link to="/login/?next=/email/subscription/" className={styles.link}>
          {t('emailMail.subscription.logIn')}
        </Link>
      </>
    );
  }
  return <ChoicesForm token={token} subscription={query.data} />;
}

function ChoicesForm({ token, subscription }: { token: string | null; subscription: Subscription }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState<EmailChoices>(subscription.choices);
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const names = (categories: NotificationCategory[]) =>
    categories.map((category) => t(`accountSettings.notifications.categories.${category}`)).join(', ');

  const save = async (change: Partial<EmailChoices>, done: string) => {
    setBusy(true);
    setProblem(undefined);
    setStatus(null);
    try {
      const { data } = await api.updateEmailSubscription({
        body: { ...(token ? { token } : {}), choices: change },
      });
      setChoices(data.choices);
      queryClient.setQueryData(endpointKey('getEmailSubscription', { query: token ? { token } : {} }), data);
      void queryClient.invalidateQueries({ queryKey: endpointKey('getNotificationSettings') });
      setStatus(done);
    } catch (error) {
      setProblem(errorMessage(t, error, 'auth.errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  const fromMail = subscription.categories;
  return (
    <>
      <p>{t('emailMail.subscription.intro', { email: subscription.email })}</p>
      {fromMail && fromMail.length > 0 ? (
        <div className={styles.block}>
          <p>{t('emailMail.subscription.fromThisMail', { categories: names(fromMail) })}</p>
          <Button
            variant="primary"
            disabled={busy}
            onClick={() =>
              void save(
                Object.fromEntries(fromMail.map((category) => [category, 'off'])),
                t('emailMail.subscription.unsubscribed', { categories: names(fromMail) }),
              )
            }
          >
            {t('emailMail.subscription.unsubscribe')}
          </Button>
        </div>
      ) : null}
      <form
        noValidate
        className={styles.block}
        onSubmit={(event) => {
          event.preventDefault();
          void save(choices, t('emailMail.subscription.saved'));
        }}
      >
        <table className={styles.table}>
          <tbody>
            {NOTIFICATION_CATEGORIES.map((category) => {
              const name = t(`accountSettings.notifications.categories.${category}`);
              return (
                <tr key={category}>
                  <th scope="row">{name}</th>
                  <td>
                    <EmailFrequencySelect
                      aria-label={name}
                      value={choices[category]}
                      onChange={(event) =>
                        setChoices({ ...choices, [category]: event.target.value as EmailFrequency })
                      }
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <FormError>{problem}</FormError>
        <Button type="submit" disabled={busy}>
          {t('emailMail.subscription.save')}
        </Button>
      </form>
      <p role="status">{status}</p>
      {token ? null : (
        <Link to="/settings/notifications/" className={styles.link}>
          {t('emailMail.subscription.allSettings')}
        </Link>
      )}
    </>
  );
}
