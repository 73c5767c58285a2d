import type { TodaySection } from '@pinboard/shared/discover';
import { useTranslation } from '../../i18n.ts';
import { BoardGrid } from '../boards/BoardGrid.tsx';
import { PinFeed } from '../pins/PinFeed.tsx';

const noMore = () => {};

/** One of today's lists: pins in the masonry grid, boards as cards. The whole list is loaded. */
export function TodayList({ section, label }: { section: TodaySection; label: string }) {
  const { t } = useTranslation();
  if (section.type === 'boards') return <BoardGrid boards={section.boards} label={label} />;
  return (
    <PinFeed
      pins={section.pins}
      hasMore={false}
      isFetchingMore={false}
      fetchMore={noMore}
      label={label}
      emptyText={t('discover.today.kindEmpty')}
      endText={null}
    />
  );
}
