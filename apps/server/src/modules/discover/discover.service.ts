import {
  INTEREST_COUNT,
  TODAY_KINDS,
  TODAY_LIST_MAX,
  TODAY_PREVIEW_COUNT,
  type Ideas,
  type Interest,
  type Today,
  type TodayKind,
  type TodaySection,
} from '@pinboard/shared/discover';
import type { Pin } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import type { PageOptions } from '../../lib/bookmark.ts';
import { clearWithSignedOutAnswers } from '../../lib/signed-out-answers.ts';
import { createShortCache } from '../../lib/short-cache.ts';
import { loadBoardExtras } from '../boards/boards.repository.ts';
import { presentBoard } from '../boards/boards.presenter.ts';
import { presentPin } from '../pins/pins.presenter.ts';
import { listPublicPinsInOrder, type PinRow } from '../pins/pins.repository.ts';
import { pagePins, type PinPage } from '../pins/pins.service.ts';
import {
  carriesHashtag,
  listHashtagCovers,
  listMostSavedPinIds,
  listNewBoards,
  listPopularHashtags,
  listRecentPopularPins,
} from './discover.repository.ts';
import { presentInterest } from './discover.presenter.ts';

// The lists change slowly and are the same for everyone: a minute per instance keeps their
// aggregate queries off the request path. Writes that hide a board clear them (decision 16).
const DISCOVER_TTL_MS = 60_000;
const TRENDING_DAYS = 7;
const RECENT_DAYS = 30;
// A board on 'Best' has at least this many pins: an empty new board is not an idea.
const BEST_BOARD_MIN_PINS = 4;
// Candidates per tile: enough for every tile to find a picture no earlier tile took.
const COVERS_PER_TAG = 4;

/** Keeps each picture's first pin only: one picture once per list. */
function onePerPicture(rows: PinRow[]): PinRow[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = row.imageSizes.orig.key;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function computeIdeas(db: Executor): Promise<Ideas> {
  // Twice as many tags as tiles: some may have no public pin left.
  const tags = await listPopularHashtags(db, INTEREST_COUNT * 2);
  const covers = await listHashtagCovers(db, tags, COVERS_PER_TAG);
  const usedImages = new Set<string>();
  const interests: Interest[] = [];
  for (const tag of tags) {
    const cover = covers.find((row) => row.tag === tag && !usedImages.has(String(row.image_id)));
    if (!cover || interests.length === INTEREST_COUNT) continue;
    usedImages.add(String(cover.image_id));
    interests.push(presentInterest(tag, cover));
  }
  return { interests };
}

async function listTodayPins(db: Executor, kind: Exclude<TodayKind, 'best'>, limit: number): Promise<Pin[]> {
  let rows: PinRow[];
  if (kind === 'trending') {
    rows = await listPublicPinsInOrder(db, await listMostSavedPinIds(db, TRENDING_DAYS, limit * 2));
  } else {
    rows = await listRecentPopularPins(db, RECENT_DAYS, kind === 'article', limit * 2);
  }
  return onePerPicture(rows).slice(0, limit).map(presentPin);
}

async function computeTodaySection(db: Executor, kind: TodayKind, limit: number): Promise<TodaySection> {
  if (kind !== 'best') return { kind, type: 'pins', pins: await listTodayPins(db, kind, limit) };
  const rows = await listNewBoards(db, BEST_BOARD_MIN_PINS, limit);
  const extras = await loadBoardExtras(db, rows);
  return { kind, type: 'boards', boards: rows.map((row) => presentBoard(row, extras, null)) };
}

const sectionSize = (section: TodaySection) =>
  section.type === 'pins' ? section.pins.length : section.boards.length;

export interface DiscoverService {
  /** `/ideas`: the most used hashtags as interests, each with a different recent picture. */
  ideas(): Promise<Ideas>;
  /** `/today`: the non-empty lists, a few items each. */
  today(): Promise<Today>;
  /** `/today/{kind}/`: one list in full (up to TODAY_LIST_MAX). */
  todaySection(kind: TodayKind): Promise<TodaySection>;
  /** `/topics/{name}` and `/ideas/{name}/{id}`: public pins carrying the hashtag, newest first. */
  topicPins(name: string, options: PageOptions): Promise<PinPage>;
}

/**
 * The ideas, today and topics answers (decision 30), computed as a visitor sees them: they are
 * the same for everyone, so they carry no viewer's flags and are kept for a minute.
 */
export function createDiscoverService(db: Executor): DiscoverService {
  const ideas = createShortCache<Ideas>({ ttlMs: DISCOVER_TTL_MS, maxEntries: 1 });
  const sections = createShortCache<TodaySection>({
    ttlMs: DISCOVER_TTL_MS,
    maxEntries: TODAY_KINDS.length * 2,
  });
  clearWithSignedOutAnswers(ideas);
  clearWithSignedOutAnswers(sections);
  const section = (kind: TodayKind, limit: number) =>
    sections.get(`${kind}:${limit}`, () => computeTodaySection(db, kind, limit));
  return {
    ideas: () => ideas.get('ideas', () => computeIdeas(db)),
    async today() {
      const all = await Promise.all(TODAY_KINDS.map((kind) => section(kind, TODAY_PREVIEW_COUNT)));
      return { sections: all.filter((entry) => sectionSize(entry) > 0) };
    },
    todaySection: (kind) => section(kind, TODAY_LIST_MAX),
    // Public pins only, whoever asks: a topic page is the same for everyone.
    topicPins: (name, options) => pagePins(db, carriesHashtag(name), { ...options, viewerId: null }),
  };
}
