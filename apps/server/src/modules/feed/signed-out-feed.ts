import type { Pin } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { compressibleBody, type CompressibleBody } from '../../lib/compressed-body.ts';
import { ok } from '../../lib/envelope.ts';
import { clearWithSignedOutAnswers } from '../../lib/signed-out-answers.ts';
import { createShortCache } from '../../lib/short-cache.ts';
import { pageHomeFeed } from './feed.service.ts';

// The signed-out feed is the same for everyone; a second's staleness buys thousands of req/s.
const SIGNED_OUT_FEED_TTL_MS = 1000;

/** One page of the signed-out home feed, serialized (and compressed on demand) once per second. */
export interface SignedOutFeedPage {
  /** The success envelope as JSON: what `GET /v3/feeds/home/` sends and the home page inlines. */
  body: CompressibleBody;
  pins: Pin[];
  bookmark: string | null;
}

export interface SignedOutFeed {
  page(options: { pageSize: number; bookmark: string | undefined }): Promise<SignedOutFeedPage>;
}

/**
 * The signed-out home feed behind a short cache, shared by the API call and the home page's
 * HTML, so the page inlined in the HTML and the one the API sends are the same object.
 */
export function createSignedOutFeed(db: Executor): SignedOutFeed {
  const pages = createShortCache<SignedOutFeedPage>({ ttlMs: SIGNED_OUT_FEED_TTL_MS, maxEntries: 500 });
  // A board turning secret or losing pins leaves the feed at once on this instance (decision 16).
  clearWithSignedOutAnswers(pages);
  return {
    page({ pageSize, bookmark }) {
      return pages.get(`${pageSize}:${bookmark ?? ''}`, async () => {
        const page = await pageHomeFeed(db, { viewerId: null, pageSize, bookmark });
        return {
          body: compressibleBody(JSON.stringify(ok(page.items, page.bookmark))),
          pins: page.items,
          bookmark: page.bookmark,
        };
      });
    },
  };
}
