import './words.ts';
import type { QuickPromoteResult } from '@pinboard/shared';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { formatMoney } from './money.ts';
import styles from './Business.module.css';

/** The success modal: whether the ad passed review, the campaign, and where to go next. */
export function PromoteSuccess({
  result,
  currency,
  onDone,
}: {
  result: QuickPromoteResult;
  currency: string;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const review = result.ad.review_status;
  return (
    <div role="dialog" aria-labelledby="quick-promote-success" className={styles.section}>
      <h2 id="quick-promote-success">{t('business.promote.successTitle')}</h2>
      <p>
        {review === 'APPROVED'
          ? t('business.promote.successApproved')
          : review === 'REJECTED' && result.ad.rejection_reason
            ? t('business.promote.successRejected', {
                reason: t(`business.rejection.${result.ad.rejection_reason}`),
              })
            : t('business.promote.successPending')}
      </p>
      <p>
        {t('business.promote.campaignSummary', {
          name: result.campaign.name,
          status: t(`business.status.${result.campaign.status}`),
          budget: formatMoney(result.campaign.budget_in_micro_currency, currency, i18n.language),
        })}
      </p>
      <div className={styles.actions}>
        <Link to="/business/hub">{t('business.promote.seeCampaigns')}</Link>
        <Link to={`/advertiser/${result.campaign.advertiser_id}/ads/`}>
          {t('business.promote.manageCampaign')}
        </Link>
        <Link to={result.billing_url}>{t('business.promote.billing')}</Link>
        <Button variant="primary" onClick={onDone}>
          {t('business.promote.done')}
        </Button>
      </div>
    </div>
  );
}

/** The error modal: the failure's detail, or a general message. */
export function PromoteFailure({ message, onClose }: { message: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alertdialog" aria-labelledby="quick-promote-error" className={styles.section}>
      <h2 id="quick-promote-error">{t('business.promote.errorTitle')}</h2>
      <p>{message ?? t('business.promote.errorGeneric')}</p>
      <Button variant="primary" onClick={onClose}>
        {t('business.promote.close')}
      </Button>
    </div>
  );
}
