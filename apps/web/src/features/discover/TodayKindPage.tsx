import './words.ts';
import type { TodayKind } from '@pinboard/shared/discover';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NotFoundPage } from '../../routes/NotFoundPage.tsx';
import { ErrorState, LoadingState } from '../profile/PageStates.tsx';
import styles from './Discover.module.css';
import { useTodaySection } from './discoverApi.ts';
import { TodayList } from './TodayList.tsx';

// Not shared/discover's TODAY_KINDS: importing a value from there would bring zod into this chunk.
const KINDS: readonly string[] = ['trending', 'popular', 'best', 'article'] satisfies TodayKind[];

function TodayKindList({ kind }: { kind: TodayKind }) {
  const { t } = useTranslation();
  const section = useTodaySection(kind);
  const title = t(`discover.today.kinds.${kind}`);
  return (
    <div className={styles.page}>
      <title>{t('discover.today.kindDocumentTitle', { kind: title })}</title>
      <header className={styles.header}>
        <h1 className={styles.heading}>{title}</h1>
        <p className={styles.links}>
          <Link to="/today/">{t('discover.today.back')}</Link>
        </p>
      </header>
      {section.status === 'pending' ? (
        <LoadingState text={t('discover.loading')} />
      ) : section.status === 'error' ? (
        <ErrorState text={t('discover.error')} onRetry={() => void section.refetch()} />
      ) : (
        <TodayList section={section.data} label={title} />
      )}
    </div>
  );
}

/** `/today/{kind}/*`: one of today's lists in full; the kind is the path's second segment. */
export function TodayKindPage() {
  const kind = useLocation().pathname.split('/')[2];
  if (!KINDS.includes(kind ?? '')) return <NotFoundPage />;
  return <TodayKindList key={kind} kind={kind as TodayKind} />;
}
