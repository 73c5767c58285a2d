import { interestIdOf, interestPath, type Interest } from '@pinboard/shared/discover';
import { presentImages } from '../pins/pins.presenter.ts';
import type { HashtagCoverRow } from './discover.repository.ts';

/** A hashtag as an interest tile, with the picture chosen for it. */
export function presentInterest(tag: string, cover: HashtagCoverRow): Interest {
  return {
    name: tag,
    id: interestIdOf(tag),
    url: interestPath(tag),
    cover: {
      pin_id: String(cover.pin_id),
      images: presentImages(cover.sizes),
      dominant_color: cover.dominant_color,
    },
  };
}
