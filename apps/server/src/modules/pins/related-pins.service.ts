import type { Executor } from '../../db/client.ts';
import type { PageOptions } from '../../lib/bookmark.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodeBookmark, pageOf } from '../../lib/bookmark.ts';
import { presentPin } from './pins.presenter.ts';
import type { PinPage } from './pins.service.ts';
import {
  keptRelatedSource,
  newPinsSince,
  relatedCandidateIds,
  sourceKeeper,
  takeNewPins,
  type RelatedSource,
} from './related-candidates.ts';
import {
  findRelatedSource,
  MAX_SOURCE_HASHTAGS,
  pageRankedRelatedPins,
  type RankedPinRow,
} from './related-pins.repository.ts';

/** Enough words to find similar pins; a long description adds little past this. */
const MAX_QUERY_WORDS = 32;

/** The distinct words of a pin's text, as the text-similarity query uses them. */
export function queryWordsOf(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  // "or" is the one operator word of websearch_to_tsquery; as a word it is a stop word anyway.
  return [...new Set(words)].filter((word) => word !== 'or').slice(0, MAX_QUERY_WORDS);
}

function relatedKeyOf(bookmark: string | undefined): [number, number] | null {
  const key = decodeBookmark(bookmark);
  if (key === null) return null;
  const [score, id] = key;
  if (
    key.length !== 2 ||
    !(typeof score === 'number' && Number.isSafeInteger(score) && score >= 0) ||
    !(typeof id === 'number' && Number.isSafeInteger(id) && id > 0)
  ) {
    throw new AppError('invalid_bookmark', { field: 'bookmark' });
  }
  return [score, id];
}

/** A page of the pins related to `source`, ranked from its candidates (new pins after `since` too). */
async function rankedPage(db: Executor, source: RelatedSource, options: PageOptions, since: number | null) {
  const after = relatedKeyOf(options.bookmark);
  const hashtags = [...new Set(source.hashtags)].slice(0, MAX_SOURCE_HASHTAGS);
  const words = queryWordsOf(`${source.title} ${source.description}`);
  const candidateIds = await relatedCandidateIds(db, { boardId: source.boardId, hashtags, words });
  // The ranking and the page's rows in one statement (decision 58).
  return pageRankedRelatedPins(db, {
    candidateIds,
    sourceId: source.id,
    imageId: source.imageId,
    boardId: source.boardId,
    hashtags,
    words,
    viewerId: options.viewerId,
    after,
    limit: options.pageSize + 1,
    since,
  });
}

function toPage(ranked: RankedPinRow[], pageSize: number): PinPage {
  const page = pageOf(ranked, pageSize, (row) => [row.score, row.id]);
  return { items: page.items.map(presentPin), bookmark: page.bookmark };
}

/**
 * 'More like this' for a pin the viewer may see: other pins of public boards (never the pin
 * itself nor other pins of the same image), pins of the same board first, then those sharing
 * the most hashtags, then by text similarity (the stored search vector: title, board name and
 * hashtags, description), among each way's newest candidates (decision 42), kept in process
 * (decision 58); one card per picture, none of a picture the viewer hid.
 */
export async function pageRelatedPins(db: Executor, pinId: number, options: PageOptions): Promise<PinPage> {
  relatedKeyOf(options.bookmark); // a bad bookmark is refused before anything is read
  // The source's fields kept: the ranking statement tells whether the viewer may see it and reads
  // the pins written since the watermark. No rows (the source hidden, or nothing related) take
  // the way below, which tells the two apart.
  const since = newPinsSince(db);
  const kept = since === null ? null : keptRelatedSource(db, pinId);
  if (kept) {
    const ranked = await rankedPage(db, kept, options, since);
    if (ranked.rows.length > 0) {
      takeNewPins(db, ranked.newestId, ranked.newPins);
      return toPage(ranked.rows, options.pageSize);
    }
  }
  const keep = sourceKeeper(db);
  const source = await findRelatedSource(db, pinId, options.viewerId, newPinsSince(db));
  if (!source) throw new AppError('pin_not_found');
  takeNewPins(db, source.newestId, source.newPins);
  keep(source);
  return toPage((await rankedPage(db, source, options, null)).rows, options.pageSize);
}
