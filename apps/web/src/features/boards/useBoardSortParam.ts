import { DEFAULT_BOARD_SORT, isBoardSort, type BoardSort } from '@pinboard/shared/board-sorts';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The board order kept in the page's URL (`?sort=alphabetical`), so it survives a reload and
 * can be shared. The default order leaves the URL clean; an unknown value reads as the default.
 */
export function useBoardSortParam(): [BoardSort, (sort: BoardSort) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('sort');
  const sort = isBoardSort(raw) ? raw : DEFAULT_BOARD_SORT;
  const setSort = useCallback(
    (next: BoardSort) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          if (next === DEFAULT_BOARD_SORT) updated.delete('sort');
          else updated.set('sort', next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [sort, setSort];
}
