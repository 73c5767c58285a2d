import {
  budgetProblem,
  fromMicroCurrency,
  promoteDataOf,
  roleMay,
  toMicroCurrency,
  type Ad,
  type AdGroup,
  type Advertiser,
  type Campaign,
} from '@pinboard/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n.ts';
import { useParams } from 'react-router';
import { api, endpointKey, queries } from '../api/endpoints.ts';
import { errorMessage } from '../api/errorMessage.ts';
import { AdvertiserNav } from '../features/business/AdvertiserNav.tsx';
import { AdvertiserRefused } from '../features/business/AdvertiserRefused.tsx';
import { BusinessLayout } from '../features/business/BusinessLayout.tsx';
import styles from '../features/business/Business.module.css';
import { formatMoney } from '../features/business/money.ts';
import '../features/business/words.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorState, LoadingState } from '../ui/PageStates.tsx';
import { TextField } from '../ui/TextField.tsx';

/** The answers a change of a campaign, ad group or ad makes stale. */
const CHANGED_BY_A_CHANGE = [
  'listCampaigns',
  'listAdGroups',
  'listAds',
  'getBusinessHub',
  'getAdvertiserReport',
] as const;

/**
 * `/advertiser/{advertiserId}/ads/`: the Ads manager. An ad account's campaigns, each with its ad
 * groups and their ads: status, budget, dates, spend, review. Those who may manage ads (decision
 * 55) pause, resume and archive campaigns and ad groups, and change a campaign's budget and end
 * date under the same rules as the server (decision 65); an analyst sees the same, read only.
 */
export function AdsManagerPage() {
  const { t } = useTranslation();
  const { advertiserId = '' } = useParams();
  const advertiser = useQuery(queries.getAdvertiser({ params: { advertiserId } }));
  const enabled = advertiser.isSuccess;
  const campaigns = useQuery({ ...queries.listCampaigns({ params: { advertiserId } }), enabled });
  const groups = useQuery({ ...queries.listAdGroups({ params: { advertiserId } }), enabled });
  const ads = useQuery({ ...queries.listAds({ params: { advertiserId } }), enabled });
  const lists = [campaigns, groups, ads];
  const failedList = lists.find((list) => list.isError);
  return (
    <BusinessLayout
      title={t('business.adsManager.title')}
      documentTitle={t('business.adsManager.documentTitle')}
    >
      {advertiser.error ? (
        <AdvertiserRefused error={advertiser.error} />
      ) : failedList ? (
        <ErrorState onRetry={() => void Promise.all(lists.map((list) => list.refetch()))} />
      ) : !advertiser.data || !campaigns.data || !groups.data || !ads.data ? (
        <LoadingState />
      ) : (
        <AdsManagerContent
          advertiser={advertiser.data}
          campaigns={campaigns.data}
          groups={groups.data}
          ads={ads.data}
        />
      )}
    </BusinessLayout>
  );
}

function AdsManagerContent({
  advertiser,
  campaigns,
  groups,
  ads,
}: {
  advertiser: Advertiser;
  campaigns: Campaign[];
  groups: AdGroup[];
  ads: Ad[];
}) {
  const { t } = useTranslation();
  const canManage = roleMay(advertiser.role, 'manage_ads');
  return (
    <>
      <AdvertiserNav advertiser={advertiser} current="ads" />
      <p>
        {t('business.adsManager.lead', {
          name: advertiser.name,
          currency: advertiser.currency,
          timeZone: advertiser.time_zone,
        })}
      </p>
      {!canManage && <p>{t('business.adsManager.readOnly')}</p>}
      {campaigns.length === 0 ? (
        <p>{t('business.adsManager.noCampaigns')}</p>
      ) : (
        <ul className={styles.list}>
          {campaigns.map((campaign) => (
            <CampaignItem
              key={campaign.id}
              advertiser={advertiser}
              campaign={campaign}
              groups={groups.filter((group) => group.campaign_id === campaign.id)}
              ads={ads.filter((ad) => ad.campaign_id === campaign.id)}
              canManage={canManage}
            />
          ))}
        </ul>
      )}
    </>
  );
}

/** Sends a change, then refreshes what it changes; a refusal's message is the caller's to show. */
function useChange() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function change(send: () => Promise<unknown>): Promise<unknown> {
    setBusy(true);
    try {
      await send();
      await Promise.all(
        CHANGED_BY_A_CHANGE.map((key) => queryClient.invalidateQueries({ queryKey: endpointKey(key) })),
      );
      return null;
    } catch (failure) {
      return failure;
    } finally {
      setBusy(false);
    }
  }
  return { busy, change };
}

/** Pause or resume, and archive after a confirmation: the same for a campaign and an ad group. */
function StatusActions({
  name,
  status,
  onStatus,
  busy,
}: {
  name: string;
  status: Campaign['status'];
  onStatus: (status: 'ACTIVE' | 'PAUSED' | 'ARCHIVED') => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  if (status === 'ARCHIVED' || status === 'COMPLETED') return null;
  if (confirming)
    return (
      <div role="group" aria-label={t('business.adsManager.archive')} className={styles.actions}>
        <p>{t('business.adsManager.archiveConfirm', { name })}</p>
        <Button variant="primary" disabled={busy} onClick={() => onStatus('ARCHIVED')}>
          {t('business.adsManager.archiveYes')}
        </Button>
        <Button onClick={() => setConfirming(false)}>{t('business.adsManager.cancel')}</Button>
      </div>
    );
  return (
    <div className={styles.actions}>
      <Button
        disabled={busy}
        aria-label={`${status === 'ACTIVE' ? t('business.adsManager.pause') : t('business.adsManager.resume')}: ${name}`}
        onClick={() => onStatus(status === 'ACTIVE' ? 'PAUSED' : 'ACTIVE')}
      >
        {status === 'ACTIVE' ? t('business.adsManager.pause') : t('business.adsManager.resume')}
      </Button>
      <Button
        disabled={busy}
        aria-label={`${t('business.adsManager.archive')}: ${name}`}
        onClick={() => setConfirming(true)}
      >
        {t('business.adsManager.archive')}
      </Button>
    </div>
  );
}

function CampaignItem({
  advertiser,
  campaign,
  groups,
  ads,
  canManage,
}: {
  advertiser: Advertiser;
  campaign: Campaign;
  groups: AdGroup[];
  ads: Ad[];
  canManage: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { busy, change } = useChange();
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const money = (micro: number) => formatMoney(micro, advertiser.currency, i18n.language);
  const budget =
    campaign.budget_type === 'DAILY'
      ? t('business.adsManager.dailyBudget', { budget: money(campaign.budget_in_micro_currency) })
      : t('business.adsManager.lifetimeBudget', { budget: money(campaign.budget_in_micro_currency) });
  const dates = campaign.end_date
    ? t('business.adsManager.dated', { start: campaign.start_date, end: campaign.end_date })
    : t('business.adsManager.ongoing', { start: campaign.start_date });
  const changeable = canManage && campaign.status !== 'ARCHIVED' && campaign.status !== 'COMPLETED';

  async function setStatus(status: 'ACTIVE' | 'PAUSED' | 'ARCHIVED') {
    setError(null);
    const failure = await change(() =>
      api.updateCampaign({
        params: { advertiserId: advertiser.id, campaignId: campaign.id },
        body: { status },
      }),
    );
    if (failure) setError(errorMessage(t, failure, 'business.adsManager.changeFailed'));
  }

  const headingId = `campaign-${campaign.id}`;
  return (
    <li className={styles.row}>
      <article aria-labelledby={headingId} className={styles.item}>
        <h2 id={headingId} className={styles.itemTitle}>
          {campaign.name}
        </h2>
        <p>
          {t(`business.status.${campaign.status}`)} · {budget} · {dates} ·{' '}
          {t('business.adsManager.spent', { amount: money(campaign.spend_in_micro_currency) })}
        </p>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        {changeable && (
          <div className={styles.actions}>
            <StatusActions
              name={t('business.adsManager.campaignLabel', { name: campaign.name })}
              status={campaign.status}
              onStatus={setStatus}
              busy={busy}
            />
            {!editing && (
              <Button
                aria-label={`${t('business.adsManager.edit')}: ${t('business.adsManager.campaignLabel', { name: campaign.name })}`}
                onClick={() => setEditing(true)}
              >
                {t('business.adsManager.edit')}
              </Button>
            )}
          </div>
        )}
        {changeable && editing && (
          <CampaignEditForm advertiser={advertiser} campaign={campaign} onClose={() => setEditing(false)} />
        )}
        <section aria-label={t('business.adsManager.adGroups', { name: campaign.name })}>
          {groups.length === 0 ? (
            <p>{t('business.adsManager.noAdGroups')}</p>
          ) : (
            <ul className={styles.list}>
              {groups.map((group) => (
                <AdGroupItem
                  key={group.id}
                  advertiser={advertiser}
                  group={group}
                  ads={ads.filter((ad) => ad.ad_group_id === group.id)}
                  canManage={changeable}
                />
              ))}
            </ul>
          )}
        </section>
      </article>
    </li>
  );
}

function AdGroupItem({
  advertiser,
  group,
  ads,
  canManage,
}: {
  advertiser: Advertiser;
  group: AdGroup;
  ads: Ad[];
  canManage: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { busy, change } = useChange();
  const [error, setError] = useState<string | null>(null);
  const budget =
    group.budget_in_micro_currency === null
      ? t('business.adsManager.campaignBudget')
      : t('business.adsManager.dailyBudget', {
          budget: formatMoney(group.budget_in_micro_currency, advertiser.currency, i18n.language),
        });

  async function setStatus(status: 'ACTIVE' | 'PAUSED' | 'ARCHIVED') {
    setError(null);
    const failure = await change(() =>
      api.updateAdGroup({ params: { advertiserId: advertiser.id, adGroupId: group.id }, body: { status } }),
    );
    if (failure) setError(errorMessage(t, failure, 'business.adsManager.changeFailed'));
  }

  return (
    <li className={styles.subRow}>
      <p>
        <strong>{group.name}</strong> · {t(`business.status.${group.status}`)} · {budget}
      </p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {canManage && (
        <StatusActions
          name={t('business.adsManager.adGroupLabel', { name: group.name })}
          status={group.status}
          onStatus={setStatus}
          busy={busy}
        />
      )}
      {ads.length === 0 ? (
        <p>{t('business.adsManager.noAds')}</p>
      ) : (
        <ul className={styles.list} aria-label={`${t('business.adsManager.ads')}: ${group.name}`}>
          {ads.map((ad) => (
            <li key={ad.id}>
              {ad.name} · {t(`business.status.${ad.status}`)} ·{' '}
              {t('business.adsManager.review', { review: t(`business.review.${ad.review_status}`) })}
              {ad.review_status === 'REJECTED' && ad.rejection_reason && (
                <> · {t(`business.rejection.${ad.rejection_reason}`)}</>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * A campaign's budget and end date, checked as the server checks them (the country's minimum and
 * the maximum; an end date or ongoing) before sending; the server's refusal shows as sent.
 */
function CampaignEditForm({
  advertiser,
  campaign,
  onClose,
}: {
  advertiser: Advertiser;
  campaign: Campaign;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { busy, change } = useChange();
  const [budget, setBudget] = useState(String(fromMicroCurrency(campaign.budget_in_micro_currency)));
  const [ongoing, setOngoing] = useState(campaign.end_date === null);
  const [endDate, setEndDate] = useState(campaign.end_date ?? '');
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(false);

  const currency = advertiser.currency;
  const amount = Number(budget);
  const problem =
    budget.trim() === '' || Number.isNaN(amount)
      ? 'budget_below_minimum'
      : budgetProblem(toMicroCurrency(amount), advertiser.country);
  const budgetError =
    !shown || !problem
      ? null
      : problem === 'budget_below_minimum'
        ? t('business.adsManager.budgetTooLow', {
            min: promoteDataOf(advertiser.country).minBudget,
            currency,
          })
        : t('business.adsManager.budgetTooHigh');
  const endDateError = shown && !ongoing && endDate === '' ? t('business.adsManager.endDateMissing') : null;

  async function save(event: FormEvent) {
    event.preventDefault();
    setShown(true);
    setError(null);
    if (problem || (!ongoing && endDate === '')) return;
    const failure = await change(() =>
      api.updateCampaign({
        params: { advertiserId: advertiser.id, campaignId: campaign.id },
        body: { budget_in_micro_currency: toMicroCurrency(amount), end_date: ongoing ? null : endDate },
      }),
    );
    if (failure) setError(errorMessage(t, failure, 'business.adsManager.changeFailed'));
    else onClose();
  }

  return (
    <form
      className={`${styles.form} ${styles.section}`}
      onSubmit={save}
      aria-label={t('business.adsManager.editTitle', { name: campaign.name })}
      noValidate
    >
      <TextField
        label={
          campaign.budget_type === 'DAILY'
            ? t('business.adsManager.budget', { currency })
            : t('business.adsManager.lifetimeBudgetField', { currency })
        }
        inputMode="decimal"
        value={budget}
        error={budgetError}
        onChange={(event) => setBudget(event.target.value)}
      />
      <label>
        <input type="checkbox" checked={ongoing} onChange={(event) => setOngoing(event.target.checked)} />{' '}
        {t('business.adsManager.ongoingField')}
      </label>
      {!ongoing && (
        <TextField
          label={t('business.adsManager.endDate')}
          type="date"
          value={endDate}
          error={endDateError}
          onChange={(event) => setEndDate(event.target.value)}
        />
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={busy}>
          {t('business.adsManager.save')}
        </Button>
        <Button onClick={onClose}>{t('business.adsManager.cancel')}</Button>
      </div>
    </form>
  );
}
