import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import styles from '../../ui/Tabs.module.css';
import { homeTabPath, rememberTab, type HomeFeedTab } from './homeFeedTab.ts';

/** "For you" and "Following" above the home feed: links, so each feed has an address. */
export function FeedTabs({ current }: { current: HomeFeedTab }) {
  const { t } = useTranslation();
  const tabs: HomeFeedTab[] = ['home', 'following'];
  return (
    <nav aria-label={t('home.tabsLabel')} className={styles.nav}>
      <ul className={styles.list}>
        {tabs.map((tab) => (
          <li key={tab}>
            <Link
              to={homeTabPath(tab)}
              className={styles.tab}
              aria-current={tab === current ? 'page' : undefined}
              onClick={() => rememberTab(tab)}
            >
              {t(`home.tabs.${tab}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
