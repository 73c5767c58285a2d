import type { Board } from '@pinboard/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { ErrorState, LoadingState } from '../profile/PageStates.tsx';
import styles from './BoardSections.module.css';
import { SectionCard } from './SectionCard.tsx';
import { useBoardSections } from './useBoardSections.ts';

/** The row of a board's sections above its pins; nothing at all for a board without sections. */
export function BoardSections({ board }: { board: Board }) {
  const { t } = useTranslation();
  const headingId = useId();
  const sections = useBoardSections(board);
  if (board.section_count === 0) return null;
  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <h2 id={headingId} className={styles.heading}>
        {t('board.sectionsHeading')}
      </h2>
      {sections.status === 'pending' ? (
        <LoadingState />
      ) : sections.status === 'error' ? (
        <ErrorState onRetry={() => void sections.refetch()} />
      ) : (
        <>
          <ul className={styles.row} aria-label={t('board.sectionsLabel', { board: board.name })}>
            {sections.items?.map((section) => (
              <li key={section.id}>
                <SectionCard board={board} section={section} />
              </li>
            ))}
          </ul>
          {sections.hasMore && (
            <div className={styles.more}>
              <Button onClick={sections.fetchMore} disabled={sections.isFetchingMore}>
                {t('board.moreSections')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
