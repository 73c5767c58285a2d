import type { FoundImage } from '@pinboard/shared';
import { useQuery } from '@tanstack/react-query';
import { queries } from '../../api/endpoints.ts';

/** The grid holds the pin's own image and at most this many of the website's (9 cells, 3 by 3). */
export const WEBSITE_IMAGES_MAX = 8;
/** A page's images change seldom; saving several pins of one site asks once (30 a minute at most). */
const WEBSITE_IMAGES_STALE_MS = 10 * 60 * 1000;

/**
 * The pinnable images of the page a pin links to (`findImages / getPin`), for the success dialog's
 * grid: null until they are known, when the call fails (silently; docs/product/saving.md#messages) or when
 * the page has fewer than two (the grid is for more than one; docs/product/saving.md#save-success-dialog).
 * Asked once, when the dialog opens; closing the dialog abandons the call.
 */
export function useWebsiteImages(link: string | null): FoundImage[] | null {
  const query = useQuery({
    ...queries.findImages({ query: { url: link ?? '' } }),
    enabled: link !== null,
    staleTime: WEBSITE_IMAGES_STALE_MS,
    retry: false,
  });
  const items = query.data?.items ?? [];
  const unique = [...new Map(items.map((item) => [item.url, item])).values()];
  return unique.length > 1 ? unique.slice(0, WEBSITE_IMAGES_MAX) : null;
}
