import type { Advertiser, BillingProfile, Invoice } from '@pinboard/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n.ts';
import { Link, useParams, useSearchParams } from 'react-router';
import { api, endpointKey, queries } from '../api/endpoints.ts';
import { errorMessage } from '../api/errorMessage.ts';
import {
  BillingFields,
  billingBody,
  billingFilled,
  EMPTY_BILLING,
  type BillingValues,
} from '../features/business/BillingFields.tsx';
import { BusinessLayout } from '../features/business/BusinessLayout.tsx';
import styles from '../features/business/Business.module.css';
import { formatMoney } from '../features/business/money.ts';
import '../features/business/words.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorState, LoadingState } from '../ui/PageStates.tsx';

/**
 * `/advertiser/{advertiserId}/billing/`: an ad account's billing details, its payment method (the
 * invoice account) and its monthly invoices, and whether its ads are stopped for an unpaid invoice.
 * Quick promote's success modal links here with the campaign.
 */
export function AdvertiserBillingPage() {
  const { t } = useTranslation();
  const { advertiserId = '' } = useParams();
  const advertiser = useQuery(queries.getAdvertiser({ params: { advertiserId } }));
  const profile = useQuery({
    ...queries.getBillingProfile({ params: { advertiserId } }),
    enabled: advertiser.isSuccess,
  });
  const invoices = useQuery({
    ...queries.listInvoices({ params: { advertiserId } }),
    enabled: profile.isSuccess,
  });
  const failed = advertiser.error ?? profile.error;
  return (
    <BusinessLayout title={t('business.billing.title')} documentTitle={t('business.billing.documentTitle')}>
      {failed ? (
        <section className={styles.section}>
          <p role="alert" className={styles.error}>
            {errorMessage(t, failed, 'business.promote.errorGeneric', { otherwise: 'serverDetail' })}
          </p>
          <Link to="/business/hub">{t('business.promote.seeCampaigns')}</Link>
        </section>
      ) : advertiser.isPending || profile.isPending ? (
        <LoadingState />
      ) : (
        <BillingContent
          advertiser={advertiser.data!}
          profile={profile.data ?? null}
          invoices={invoices.data ?? null}
          onRetryInvoices={invoices.isError ? () => void invoices.refetch() : null}
        />
      )}
    </BusinessLayout>
  );
}

function BillingContent({
  advertiser,
  profile,
  invoices,
  onRetryInvoices,
}: {
  advertiser: Advertiser;
  profile: BillingProfile | null;
  invoices: Invoice[] | null;
  onRetryInvoices: (() => void) | null;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const [values, setValues] = useState<BillingValues>(
    profile
      ? { business_name: profile.business_name, address: profile.address, tax_id: profile.tax_id ?? '' }
      : EMPTY_BILLING,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(false);
    api
      .putBillingProfile({ params: { advertiserId: advertiser.id }, body: billingBody(values) })
      .then(async ({ data: answer }) => {
        setValues({
          business_name: answer.business_name,
          address: answer.address,
          tax_id: answer.tax_id ?? '',
        });
        setSaved(true);
        await Promise.all(
          (['getBillingProfile', 'getAdvertiser', 'listAdvertisers', 'getBusinessHub'] as const).map((key) =>
            queryClient.invalidateQueries({ queryKey: endpointKey(key) }),
          ),
        );
      })
      .catch((failure: unknown) =>
        setError(errorMessage(t, failure, 'business.promote.errorGeneric', { otherwise: 'serverDetail' })),
      )
      .finally(() => setBusy(false));
  }

  const stoppedAt = profile?.billing_stopped_at ?? advertiser.billing_stopped_at;
  return (
    <>
      <p>{t('business.billing.lead', { name: advertiser.name, currency: advertiser.currency })}</p>
      {search.get('is_quick_promote') === 'true' && <p>{t('business.billing.quickPromote')}</p>}
      {stoppedAt && (
        <p role="alert" className={styles.error}>
          {t('business.billing.stopped')}
        </p>
      )}
      <form className={`${styles.section} ${styles.form}`} onSubmit={save} aria-labelledby="billing-details">
        <h2 id="billing-details">{t('business.promote.billingStep')}</h2>
        <p>{t('business.billing.fixed', { country: advertiser.country, currency: advertiser.currency })}</p>
        <BillingFields values={values} onChange={setValues} />
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        {saved && <p role="status">{t('business.billing.saved')}</p>}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={busy || !billingFilled(values)}>
            {t('business.billing.save')}
          </Button>
        </div>
      </form>
      <section className={styles.section} aria-labelledby="billing-payment">
        <h2 id="billing-payment">{t('business.billing.paymentMethod')}</h2>
        {profile?.payment_account ? (
          <>
            <p>{t('business.billing.invoiceAccount')}</p>
            <p>{profile.payment_account.instructions}</p>
          </>
        ) : (
          <p>{t('business.billing.noPaymentAccount')}</p>
        )}
      </section>
      <section className={styles.section} aria-labelledby="billing-invoices">
        <h2 id="billing-invoices">{t('business.billing.invoices')}</h2>
        {onRetryInvoices ? (
          <ErrorState onRetry={onRetryInvoices} />
        ) : !invoices ? (
          <LoadingState />
        ) : invoices.length === 0 ? (
          <p>{t('business.billing.noInvoices')}</p>
        ) : (
          <ul className={styles.list}>
            {invoices.map((invoice) => (
              <li key={invoice.id} className={styles.row}>
                {t('business.billing.invoiceLine', {
                  month: invoice.month,
                  amount: formatMoney(invoice.amount_in_micro_currency, invoice.currency, i18n.language),
                  reference: invoice.payment_reference,
                })}{' '}
                ·{' '}
                {invoice.status === 'paid'
                  ? t('business.billing.paid', { date: invoice.paid_at!.slice(0, 10) })
                  : t('business.billing.due', { date: invoice.due_date })}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
