import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodeBookmark, encodeBookmark, type PageOptions } from '../../lib/bookmark.ts';
import { presentPin } from '../pins/pins.presenter.ts';
import { DEFAULT_PAGE_SIZE } from '@pinboard/shared';
import { listPublicPinsInOrder, newestPublicPinOfPicture } from '../pins/pins.repository.ts';
import { pagePins, type PinPage } from '../pins/pins.service.ts';
import { readViewerFacts, type FactsAsk, type FactsRow } from '../promoted/serving.ts';
import {
  HOME_FEED_BATCH_SIZES,
  HOME_FEED_PARTS,
  listHomeFeedBatch,
  listHomeFeedPage,
  type HomeFeedPart,
} from './home-feed.repository.ts';

/** Where a signed-in feed stopped: the part, and the last pin shown of it (null: its start). */
interface HomeFeedCursor {
  part: HomeFeedPart;
  beforeId: number | null;
}

function decodeHomeFeedBookmark(bookmark: string | undefined): HomeFeedCursor {
  const key = decodeBookmark(bookmark);
  if (key === null) return { part: 'followed', beforeId: null };
  const [part, id] = key;
  const validId = id === null || (typeof id === 'number' && Number.isSafeInteger(id) && id > 0);
  if (key.length !== 2 || !HOME_FEED_PARTS.includes(part as HomeFeedPart) || !validId) {
    throw new AppError('invalid_bookmark', { field: 'bookmark' });
  }
  return { part: part as HomeFeedPart, beforeId: id };
}

// A batch is half as many candidates again as are wanted (in one of the prepared sizes, at most
// the largest): most pass, and a page rarely needs two. A default page (26 wanted) reads 50; at
// twice, it read 100, and the walk's rows were most of its statement's time.
function batchSize(wanted: number) {
  return HOME_FEED_BATCH_SIZES.find((size) => size >= wanted * 1.5) ?? HOME_FEED_BATCH_SIZES.at(-1)!;
}
// A request reads at most this many batches; a part whose pins are nearly all hidden (pictures
// already in the followed part) then answers a short page whose bookmark resumes the walk.
const BATCHES_PER_REQUEST = 8;

interface PartSlice {
  ids: number[];
  /** 'full': `wanted` ids found; 'end': the part has no more; 'paused': stopped at `resumeAt`. */
  state: 'full' | 'end' | 'paused';
  resumeAt: number | null;
}

/** Up to `wanted` shown pin ids of a part, newest first, before `beforeId`. */
export async function takeFromPart(
  db: Executor,
  viewerId: number,
  part: HomeFeedPart,
  beforeId: number | null,
  wanted: number,
): Promise<PartSlice> {
  const limit = batchSize(wanted);
  const ids: number[] = [];
  let cursor = beforeId;
  for (let batches = 0; batches < BATCHES_PER_REQUEST; batches += 1) {
    const batch = await listHomeFeedBatch(db, { viewerId, part, beforeId: cursor, limit });
    for (const row of batch) {
      if (!row.shown) continue;
      ids.push(row.id);
      if (ids.length === wanted) return { ids, state: 'full', resumeAt: null };
    }
    if (batch.length < limit) return { ids, state: 'end', resumeAt: null };
    cursor = batch.at(-1)!.id;
  }
  return { ids, state: 'paused', resumeAt: cursor };
}

/** The answer for pin ids in the feed's order (the parts are not one id order). */
export async function presentInOrder(db: Executor, ids: number[], viewerId: number) {
  // The feed's rules already held; the public-pin rules again cost nothing and keep it safe.
  return (await listPublicPinsInOrder(db, ids, viewerId)).map(presentPin);
}

/**
 * The home feed. A visitor gets the newest public pins. A signed-in viewer gets pins from the
 * boards and people they follow first, then pins carrying the interests they chose (decision
 * 47), then fresh pins from everyone, never the same picture twice (decision 30). The bookmark
 * says which part the next page continues and after which pin, so pins saved while someone
 * scrolls neither shift nor repeat what they see.
 */
export async function pageHomeFeed(
  db: Executor,
  options: PageOptions,
  along: FactsAsk | null = null,
): Promise<PinPage & { promotedFacts?: FactsRow | null }> {
  const { viewerId, pageSize } = options;
  // Everyone's home feed shows public pins only; secret pins stay on their boards. One card
  // per picture: its newest public pin (decision 44).
  if (viewerId === null) return pagePins(db, newestPublicPinOfPicture, { ...options, viewerId: null });

  let { part, beforeId } = decodeHomeFeedBookmark(options.bookmark);
  // Most pages of the default size are the first shown pins of one batch: the batch and their
  // rows in one statement, who is looking for the promoted pins with them (decision 79). A batch
  // that shows fewer is walked below, batch by batch.
  let promotedFacts: FactsRow | null | undefined;
  if (pageSize === DEFAULT_PAGE_SIZE) {
    const wanted = pageSize + 1;
    const page = await listHomeFeedPage(db, {
      viewerId,
      part,
      beforeId,
      limit: batchSize(wanted),
      wanted,
      along,
    });
    promotedFacts = page.facts;
    if (page.rows.length === wanted) {
      const items = page.rows.slice(0, pageSize);
      return {
        items: items.map(presentPin),
        bookmark: encodeBookmark([part, items.at(-1)!.id]),
        promotedFacts,
      };
    }
  }
  const walk = async (): Promise<PinPage> => {
    const shown: number[] = [];
    for (;;) {
      // One more than the room left tells whether the part goes on past this page.
      const room = pageSize - shown.length;
      const slice = await takeFromPart(db, viewerId, part, beforeId, room + 1);
      if (slice.state !== 'end') {
        const taken = slice.ids.slice(0, room);
        shown.push(...taken);
        const resumeAt = slice.state === 'full' ? (taken.at(-1) ?? beforeId) : slice.resumeAt;
        return {
          items: await presentInOrder(db, shown, viewerId),
          bookmark: encodeBookmark([part, resumeAt]),
        };
      }
      // The part ended on this page: the next one fills the rest from its start.
      shown.push(...slice.ids);
      const next = HOME_FEED_PARTS[HOME_FEED_PARTS.indexOf(part) + 1];
      if (!next) return { items: await presentInOrder(db, shown, viewerId), bookmark: null };
      part = next;
      beforeId = null;
    }
  };
  // Who is looking, when no statement read it along (none came back, or a page of another size):
  // read beside the walk.
  if (!along || promotedFacts !== undefined) return { ...(await walk()), promotedFacts };
  const [page, facts] = await Promise.all([walk(), readViewerFacts(db, along)]);
  return { ...page, promotedFacts: facts };
}
