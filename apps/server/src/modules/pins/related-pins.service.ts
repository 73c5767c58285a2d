import type { Executor } from '../../db/client.ts';
import type { PageOptions } from '../../lib/bookmark.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodeBookmark, pageOf } from '../../lib/bookmark.ts';
import { presentPin } from './pins.presenter.ts';
import type { PinPage } from './pins.service.ts';
import { listPublicPinsInOrder } from './pins.repository.ts';
import { findRelatedSource, listRelatedPinIds, MAX_SOURCE_HASHTAGS } from './related-pins.repository.ts';

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

/**
 * 'More like this' for a pin the viewer may see: other pins of public boards (never the pin
 * itself nor other pins of the same image), pins of the same board first, then those sharing
 * the most hashtags, then by text similarity (the stored search vector: title, board name and
 * hashtags, description), among each way's newest candidates (decision 42).
 */
export async function pageRelatedPins(db: Executor, pinId: number, options: PageOptions): Promise<PinPage> {
  const after = relatedKeyOf(options.bookmark);
  const source = await findRelatedSource(db, pinId, options.viewerId);
  if (!source) throw new AppError('pin_not_found');
  const ranked = await listRelatedPinIds(
    db,
    {
      id: source.id,
      boardId: source.boardId,
      imageId: source.imageId,
      hashtags: [...new Set(source.hashtags)].slice(0, MAX_SOURCE_HASHTAGS),
      words: queryWordsOf(`${source.title} ${source.description}`),
    },
    { after, limit: options.pageSize + 1 },
  );
  const page = pageOf(ranked, options.pageSize, (row) => [row.score, row.id]);
  const rows = await listPublicPinsInOrder(
    db,
    page.items.map((row) => row.id),
  );
  return { items: rows.map(presentPin), bookmark: page.bookmark };
}
