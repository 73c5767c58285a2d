import '../features/discover/words.ts';
import type { TodayKind } from '@pinboard/shared/discover';
import { useTranslation } from '../i18n.ts';
import { Link, useLocation } from 'react-router';
import { NotFoundPage } from './NotFoundPage.tsx';
import styles from '../features/discover/Discover.module.css';
import { useTodaySection } from '../features/discover/discoverApi.ts';
import { DiscoverPage } from './DiscoverPage.tsx';
import { TodayList } from '../features/discover/TodayList.tsx';

// Not shared/discover's TODAY_KINDS: importing a value from there would bring zod into this chunk.
const KINDS: readonly string[] = ['trending', 'popular', 'best', 'article'] satisfies TodayKind[];

function TodayKindList({ kind }: { kind: TodayKind }) {
  const { t } = useTranslation();
  const title = t(`discover.today.kinds.${kind}`);
  return (
    <DiscoverPage
      documentTitle={t('discover.today.kindDocumentTitle', { kind: title })}
      heading={title}
      intro={
        <p className={styles.links}>
          <Link to="/today/">{t('discover.today.back')}</Link>
        </p>
      }
      query={useTodaySection(kind)}
    >
      {(section) => <TodayList section={section} label={title} />}
    </DiscoverPage>
  );
}

/** `/today/{kind}/*`: one of today's lists in full; the kind is the path's second segment. */
export function TodayKindPage() {
  const kind = useLocation().pathname.split('/')[2];
  if (!KINDS.includes(kind ?? '')) return <NotFoundPage />;
  return <TodayKindList key={kind} kind={kind as TodayKind} />;
}
