import { roleMay, type BusinessHub, type Campaign, type Pin } from '@pinboard/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../i18n.ts';
import { Link } from 'react-router';
import { api, endpointKey, queries } from '../api/endpoints.ts';
import { useActiveProfile } from '../features/business/activeProfile.ts';
import { BusinessLayout } from '../features/business/BusinessLayout.tsx';
import styles from '../features/business/Business.module.css';
import { formatMoney } from '../features/business/money.ts';
import '../features/business/words.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorState, LoadingState } from '../ui/PageStates.tsx';

/**
 * `/business/hub`: the home of the profile the viewer acts as: its ad accounts, recent campaigns
 * and their spend, and its pins to promote.
 */
export function BusinessHubPage() {
  const { t } = useTranslation();
  const { active } = useActiveProfile();
  const hub = useQuery({
    ...queries.getBusinessHub({ params: { profileId: active?.id ?? '0' } }),
    enabled: !!active,
  });
  const pins = useQuery({
    ...queries.listUserPins({ params: { username: active?.user.username ?? '_' } }),
    enabled: !!active,
  });

  return (
    <BusinessLayout title={t('business.hub.title')} documentTitle={t('business.hub.documentTitle')}>
      {!active || hub.isPending ? (
        <LoadingState />
      ) : hub.isError ? (
        <ErrorState onRetry={() => void hub.refetch()} />
      ) : (
        <HubContent hub={hub.data} pins={pins.data ?? []} />
      )}
    </BusinessLayout>
  );
}

function HubContent({ hub, pins }: { hub: BusinessHub; pins: Pin[] }) {
  const { t, i18n } = useTranslation();
  const currencyOf = new Map(hub.advertisers.map((a) => [a.id, a.currency]));
  const role = hub.profile.permissions[0]!;
  const canManage = roleMay(role, 'manage_ads');
  const profileId = hub.profile.id;
  return (
    <>
      <nav className={styles.actions}>
        <Link to={`/business-access/${profileId}/dashboard`}>{t('business.hub.people')}</Link>
        <Link to={`/business-access/${profileId}/security`}>{t('business.hub.security')}</Link>
        <Link to="/business/create">{t('business.hub.createBusiness')}</Link>
      </nav>
      <section className={styles.section} aria-labelledby="hub-ad-accounts">
        <h2 id="hub-ad-accounts">{t('business.hub.adAccounts')}</h2>
        {hub.advertisers.length === 0 ? (
          <p>
            {t('business.hub.noAdAccounts')} <Link to="/business/convert">{t('business.hub.convert')}</Link>
          </p>
        ) : (
          <ul className={styles.list}>
            {hub.advertisers.map((advertiser) => (
              <li key={advertiser.id} className={styles.row}>
                {t('business.hub.adAccount', {
                  name: advertiser.name,
                  country: advertiser.country,
                  currency: advertiser.currency,
                })}{' '}
                <Link to={`/advertiser/${advertiser.id}/ads/`}>{t('business.hub.adsManager')}</Link>{' '}
                <Link to={`/advertiser/${advertiser.id}/reporting/`}>{t('business.hub.reporting')}</Link>
                {roleMay(role, 'manage_billing') && (
                  <>
                    {' '}
                    <Link to={`/advertiser/${advertiser.id}/billing/`}>{t('business.hub.billing')}</Link>
                  </>
                )}
                {advertiser.billing_stopped_at && (
                  <p role="alert" className={styles.error}>
                    {t('business.hub.stopped')}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.section} aria-labelledby="hub-spend">
        <h2 id="hub-spend">{t('business.hub.spend')}</h2>
        <ul className={styles.list}>
          {(hub.spend.length > 0
            ? hub.spend
            : hub.advertisers.slice(0, 1).map((a) => ({ currency: a.currency, spend_in_micro_currency: 0 }))
          ).map((line) => (
            <li key={line.currency}>
              {t('business.hub.spendLine', {
                amount: formatMoney(line.spend_in_micro_currency, line.currency, i18n.language),
              })}
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.section} aria-labelledby="hub-campaigns">
        <h2 id="hub-campaigns">{t('business.hub.recentCampaigns')}</h2>
        {hub.recent_campaigns.length === 0 ? (
          <p>{t('business.hub.noCampaigns')}</p>
        ) : (
          <ul className={styles.list}>
            {hub.recent_campaigns.map((campaign) => (
              <CampaignRow
                key={campaign.id}
                campaign={campaign}
                currency={currencyOf.get(campaign.advertiser_id) ?? 'USD'}
                canManage={canManage}
              />
            ))}
          </ul>
        )}
      </section>
      <section className={styles.section} aria-labelledby="hub-pins">
        <h2 id="hub-pins">{t('business.hub.pinsToPromote')}</h2>
        {pins.length === 0 ? (
          <p>{t('business.hub.noPins')}</p>
        ) : (
          <ul className={styles.pins}>
            {pins.slice(0, 12).map((pin) => (
              <li key={pin.id}>
                <img src={pin.images['236x'].url} alt="" />
                <Link
                  to={`/advertiser/quick_promote?pinId=${pin.id}`}
                  aria-label={`${t('business.hub.promote')}: ${pin.title}`}
                >
                  {t('business.hub.promote')}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function CampaignRow({
  campaign,
  currency,
  canManage,
}: {
  campaign: Campaign;
  currency: string;
  canManage: boolean;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const dates = campaign.end_date
    ? t('business.hub.dated', { start: campaign.start_date, end: campaign.end_date })
    : t('business.hub.ongoing', { start: campaign.start_date });
  const toggleTo = campaign.status === 'ACTIVE' ? 'PAUSED' : campaign.status === 'PAUSED' ? 'ACTIVE' : null;
  return (
    <li className={styles.row}>
      <div>
        <strong>{campaign.name}</strong> · {t(`business.status.${campaign.status}`)}
        <br />
        {t('business.hub.campaignLine', {
          budget: formatMoney(campaign.budget_in_micro_currency, currency, i18n.language),
          dates,
        })}
        {' · '}
        {t('business.hub.spendLine', {
          amount: formatMoney(campaign.spend_in_micro_currency, currency, i18n.language),
        })}
      </div>
      {canManage && toggleTo && (
        <Button
          onClick={async () => {
            await api.updateCampaign({
              params: { advertiserId: campaign.advertiser_id, campaignId: campaign.id },
              body: { status: toggleTo },
            });
            void queryClient.invalidateQueries({ queryKey: endpointKey('getBusinessHub') });
          }}
        >
          {toggleTo === 'PAUSED' ? t('business.hub.pause') : t('business.hub.resume')}
        </Button>
      )}
    </li>
  );
}
