import type { Board, BoardSection } from '@pinboard/shared';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import styles from './BoardSections.module.css';
import { SectionCard } from './SectionCard.tsx';
import { useBoardSections } from './useBoardSections.ts';

interface BoardSectionsProps {
  board: Board;
  /** 'Add section', from the board actions' lazy chunk (it shows only to those who may add). */
  addSection?: ReactNode;
  /** A section card's menu, from the same chunk. */
  sectionMenu?: (section: BoardSection) => ReactNode;
  /**
   * The viewer may change sections: 'Add section' and the cards' menus get their space from
   * the first paint, so their lazy chunk arriving moves nothing.
   */
  reserveEditorSpace?: boolean;
}

/**
 * The row of a board's sections above its pins; for a board without sections, only
 * `addSection` (nothing at all for those who may not add one).
 */
export function BoardSections({ board, addSection, sectionMenu, reserveEditorSpace }: BoardSectionsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const sections = useBoardSections(board);
  const reserved = (className: string | undefined) =>
    reserveEditorSpace ? `${className} ${styles.reserved}` : className;
  if (board.section_count === 0) {
    return addSection ? <div className={reserved(styles.add)}>{addSection}</div> : null;
  }
  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <div className={reserved(styles.top)}>
        <h2 id={headingId} className={styles.heading}>
          {t('board.sectionsHeading')}
        </h2>
        {addSection}
      </div>
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
                {reserveEditorSpace ? (
                  <div className={styles.menuSpace}>{sectionMenu?.(section)}</div>
                ) : (
                  sectionMenu?.(section)
                )}
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
