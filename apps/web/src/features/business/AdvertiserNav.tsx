import './words.ts';
import { roleMay, type Advertiser } from '@pinboard/shared';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import styles from './Business.module.css';

/** The ad account's tools, one link each, the page shown marked current; billing for those who may. */
export function AdvertiserNav({
  advertiser,
  current,
}: {
  advertiser: Advertiser;
  current: 'ads' | 'reporting' | 'conversions';
}) {
  const { t } = useTranslation();
  const base = `/advertiser/${advertiser.id}`;
  const links = [
    { key: 'ads', to: `${base}/ads/`, label: t('business.adsManager.title') },
    { key: 'reporting', to: `${base}/reporting/`, label: t('business.reporting.title') },
    { key: 'conversions', to: `${base}/conversions/`, label: t('business.conversions.title') },
    ...(roleMay(advertiser.role, 'manage_billing')
      ? [{ key: 'billing', to: `${base}/billing/`, label: t('business.adsManager.billing') }]
      : []),
    { key: 'hub', to: '/business/hub', label: t('business.adsManager.hub') },
  ];
  return (
    <nav className={styles.actions} aria-label={advertiser.name}>
      {links.map((link) => (
        <Link key={link.key} to={link.to} aria-current={link.key === current ? 'page' : undefined}>
          {link.label}
        </Link>
      ))}
    </nav>
  );
}
