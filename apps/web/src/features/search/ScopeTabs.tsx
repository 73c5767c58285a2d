import type { SearchScope } from '@pinboard/shared';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import tabStyles from '../../ui/Tabs.module.css';
import { SEARCH_PAGE_SCOPES, searchPathOf } from './searchPath.ts';

/** Pins, Boards, People: the same query in each scope; pages of their own, so links with the current one marked. */
export function ScopeTabs({ query, current }: { query: string; current: SearchScope }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('search.scopesLabel')} className={tabStyles.nav}>
      <ul className={tabStyles.list}>
        {SEARCH_PAGE_SCOPES.map((scope) => (
          <li key={scope}>
            <Link
              to={searchPathOf(query, scope)}
              className={tabStyles.tab}
              aria-current={scope === current ? 'page' : undefined}
            >
              {t(`search.scopes.${scope}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
