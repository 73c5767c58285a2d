import '../features/discover/words.ts';
import { useId } from 'react';
import { useTranslation } from '../i18n.ts';
import { Link } from 'react-router';
import type { TodaySection } from '@pinboard/shared/discover';
import styles from '../features/discover/Discover.module.css';
import { useToday } from '../features/discover/discoverApi.ts';
import { DiscoverPage } from './DiscoverPage.tsx';
import { TodayList } from '../features/discover/TodayList.tsx';

function TodaySectionView({ section }: { section: TodaySection }) {
  const { t } = useTranslation();
  const headingId = useId();
  const kind = t(`discover.today.kinds.${section.kind}`);
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.sectionHeader}>
        <h2 id={headingId} className={styles.sectionHeading}>
          {kind}
        </h2>
        <Link to={`/today/${section.kind}/`} aria-label={t('discover.today.seeAllLabel', { kind })}>
          {t('discover.today.seeAll')}
        </Link>
      </div>
      <TodayList section={section} label={kind} />
    </section>
  );
}

/** `/today`: today's lists (trending, popular, best new boards, good reads), a few items each. */
export function TodayPage() {
  const { t } = useTranslation();
  return (
    <DiscoverPage
      documentTitle={t('discover.today.documentTitle')}
      heading={t('discover.today.heading')}
      intro={
        <p className={styles.intro}>
          {t('discover.today.date', {
            date: new Date(),
            formatParams: { date: { dateStyle: 'long' } },
          })}
        </p>
      }
      query={useToday()}
      isEmpty={(today) => today.sections.length === 0}
      emptyText={t('discover.today.empty')}
    >
      {(today) => today.sections.map((section) => <TodaySectionView key={section.kind} section={section} />)}
    </DiscoverPage>
  );
}
