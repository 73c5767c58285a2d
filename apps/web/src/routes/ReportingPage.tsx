import { REPORT_RANGES, type AdvertiserReport, type ReportRange } from '@pinboard/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n.ts';
import { Link, useParams, useSearchParams } from 'react-router';
import { queries } from '../api/endpoints.ts';
import { AdvertiserNav } from '../features/business/AdvertiserNav.tsx';
import { AdvertiserRefused } from '../features/business/AdvertiserRefused.tsx';
import { BusinessLayout } from '../features/business/BusinessLayout.tsx';
import styles from '../features/business/Business.module.css';
import { formatMoney } from '../features/business/money.ts';
import '../features/business/words.ts';
import { ErrorState, LoadingState } from '../ui/PageStates.tsx';

const isRange = (value: string | null): value is ReportRange =>
  (REPORT_RANGES as readonly (string | null)[]).includes(value);

/**
 * `/advertiser/{advertiserId}/reporting/`: an ad account's results (decision 65) over its last 7
 * or 30 days (`?days=`, 7 by default): totals, then per day and per campaign; impressions, clicks,
 * conversions (decision 69) and what the ledger charged, in the account's currency and days of its
 * time zone.
 */
export function ReportingPage() {
  const { t } = useTranslation();
  const { advertiserId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('days');
  const days: ReportRange = isRange(asked) ? asked : '7';
  const advertiser = useQuery(queries.getAdvertiser({ params: { advertiserId } }));
  const report = useQuery({
    ...queries.getAdvertiserReport({ params: { advertiserId }, query: { days } }),
    enabled: advertiser.isSuccess,
  });
  return (
    <BusinessLayout
      title={t('business.reporting.title')}
      documentTitle={t('business.reporting.documentTitle')}
    >
      {advertiser.error ? (
        <AdvertiserRefused error={advertiser.error} />
      ) : !advertiser.data ? (
        <LoadingState />
      ) : (
        <>
          <AdvertiserNav advertiser={advertiser.data} current="reporting" />
          <label className={styles.select}>
            {t('business.reporting.range')}
            <select
              value={days}
              onChange={(event) =>
                setSearch(
                  (previous) => {
                    const next = new URLSearchParams(previous);
                    next.set('days', event.target.value);
                    return next;
                  },
                  { replace: true },
                )
              }
            >
              <option value="7">{t('business.reporting.last7')}</option>
              <option value="30">{t('business.reporting.last30')}</option>
            </select>
          </label>
          {report.isError ? (
            <ErrorState onRetry={() => void report.refetch()} />
          ) : !report.data ? (
            <LoadingState />
          ) : (
            <ReportContent name={advertiser.data.name} report={report.data} />
          )}
        </>
      )}
    </BusinessLayout>
  );
}

function ReportContent({ name, report }: { name: string; report: AdvertiserReport }) {
  const { t, i18n } = useTranslation();
  const money = (micro: number) => formatMoney(micro, report.currency, i18n.language);
  const count = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const { totals } = report;
  const nothing =
    totals.impressions === 0 &&
    totals.clicks === 0 &&
    totals.conversions === 0 &&
    totals.spend_in_micro_currency === 0;
  return (
    <>
      <p>
        {t('business.reporting.lead', {
          name,
          start: report.start_date,
          end: report.end_date,
          timeZone: report.time_zone,
          currency: report.currency,
        })}
      </p>
      {nothing ? (
        <section className={styles.section}>
          <p role="status">{t('business.reporting.empty')}</p>
          <Link to={`/advertiser/${report.advertiser_id}/ads/`}>{t('business.reporting.adsManager')}</Link>
        </section>
      ) : (
        <>
          <section className={styles.section} aria-labelledby="reporting-totals">
            <h2 id="reporting-totals">{t('business.reporting.totals')}</h2>
            <dl className={styles.figures}>
              <div>
                <dt>{t('business.reporting.impressions')}</dt>
                <dd>{count(totals.impressions)}</dd>
              </div>
              <div>
                <dt>{t('business.reporting.clicks')}</dt>
                <dd>{count(totals.clicks)}</dd>
              </div>
              <div>
                <dt>{t('business.reporting.conversions')}</dt>
                <dd>{count(totals.conversions)}</dd>
              </div>
              <div>
                <dt>{t('business.reporting.spend')}</dt>
                <dd>{money(totals.spend_in_micro_currency)}</dd>
              </div>
            </dl>
          </section>
          <section className={styles.section} aria-labelledby="reporting-campaigns">
            <h2 id="reporting-campaigns">{t('business.reporting.byCampaign')}</h2>
            <table className={styles.table} aria-labelledby="reporting-campaigns">
              <thead>
                <tr>
                  <th scope="col">{t('business.reporting.campaign')}</th>
                  <th scope="col">{t('business.reporting.status')}</th>
                  <th scope="col">{t('business.reporting.impressions')}</th>
                  <th scope="col">{t('business.reporting.clicks')}</th>
                  <th scope="col">{t('business.reporting.conversions')}</th>
                  <th scope="col">{t('business.reporting.spend')}</th>
                </tr>
              </thead>
              <tbody>
                {report.campaigns.map((campaign) => (
                  <tr key={campaign.campaign_id}>
                    <th scope="row">{campaign.name}</th>
                    <td>{t(`business.status.${campaign.status}`)}</td>
                    <td>{count(campaign.impressions)}</td>
                    <td>{count(campaign.clicks)}</td>
                    <td>{count(campaign.conversions)}</td>
                    <td>{money(campaign.spend_in_micro_currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section className={styles.section} aria-labelledby="reporting-days">
            <h2 id="reporting-days">{t('business.reporting.byDay')}</h2>
            <table className={styles.table} aria-labelledby="reporting-days">
              <thead>
                <tr>
                  <th scope="col">{t('business.reporting.date')}</th>
                  <th scope="col">{t('business.reporting.impressions')}</th>
                  <th scope="col">{t('business.reporting.clicks')}</th>
                  <th scope="col">{t('business.reporting.conversions')}</th>
                  <th scope="col">{t('business.reporting.spend')}</th>
                </tr>
              </thead>
              <tbody>
                {[...report.days].reverse().map((day) => (
                  <tr key={day.date}>
                    <th scope="row">{day.date}</th>
                    <td>{count(day.impressions)}</td>
                    <td>{count(day.clicks)}</td>
                    <td>{count(day.conversions)}</td>
                    <td>{money(day.spend_in_micro_currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </>
  );
}
