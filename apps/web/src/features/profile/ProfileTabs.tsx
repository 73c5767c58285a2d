import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import styles from '../../ui/Tabs.module.css';

export type ProfileTab = 'created' | 'saved';

/** 'Created' and 'Saved': two pages of the profile, so they are links (with the current one marked). */
export function ProfileTabs({ username, current }: { username: string; current: ProfileTab }) {
  const { t } = useTranslation();
  const tabs: { tab: ProfileTab; to: string }[] = [
    { tab: 'created', to: `/${username}/_created/` },
    { tab: 'saved', to: `/${username}/` },
  ];
  return (
    <nav aria-label={t('profile.tabsLabel')} className={styles.nav}>
      <ul className={styles.list}>
        {tabs.map(({ tab, to }) => (
          <li key={tab}>
            <Link
              to={to}
              className={styles.tab}
              aria-current={tab === current ? 'page' : undefined}
              preventScrollReset
            >
              {t(`profile.tabs.${tab}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
