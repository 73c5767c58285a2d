import type { InvalidationBus } from '../../adapters/invalidation/index.ts';
import type { Executor } from '../../db/client.ts';
import { createClearCount, type ClearCount } from '../../lib/clear-count.ts';
import { syncAcrossInstances } from '../../lib/visitor-cache-sync.ts';
import {
  listBranchIds,
  MAX_NEW_PINS_READ,
  RELATED_CANDIDATES_PER_BRANCH,
  wordQueries,
  type NewPin,
  type RelatedBranch,
  type RelatedSourceRow,
} from './related-pins.repository.ts';

/*
 * The candidate lists of 'More like this', kept in process (decision 58): per board, per hashtag
 * and per word, the ids of the newest RELATED_CANDIDATES_PER_BRANCH pins of that branch, whoever
 * may see them. They hold ids only: what a viewer is shown (visibility, pictures they hid, whether
 * a candidate is still related, its score) is read at every request by the ranking statement.
 *
 * New pins are exact at once, on every instance: each request reads, with its source pin, the pins
 * written since the newest this process saw (`since`), and adds them to the lists they belong to.
 * What an id watermark can miss (an edit that makes an older pin related, a delete that frees a
 * place, a pin committed after a newer one was read) is bounded by LIST_TTL_MS, and an edit or move
 * made through this instance or another one forgets the lists at once (`forgetRelatedCandidates`).
 *
 * The source pins' fields the candidates come from (board, picture, title, description, tags) are
 * kept too, per pin id, whoever asked: the same for everyone, forgotten with the lists by every
 * write that can change them (an edit, a move, a delete), and at most LIST_TTL_MS old. Whether the
 * viewer may see the source is not kept: the ranking statement reads it at every request.
 */

/** How long a list is kept before it is read again: the bound on what the watermark misses. */
export const LIST_TTL_MS = 30_000;
/** Lists kept per database handle; past this the oldest is dropped. */
const MAX_LISTS = 20_000;
/** Words whose search query is kept; past this they are all dropped (they never go stale). */
const MAX_WORDS = 50_000;
/** New pins kept to bring a list read meanwhile up to date. */
const RECENT_PINS = 2 * MAX_NEW_PINS_READ;
/** Source pins' fields kept per database handle; past this the oldest is dropped. */
const MAX_SOURCES = 20_000;

/** What 'More like this' needs of its source pin, whoever asks. */
export type RelatedSource = Pick<
  RelatedSourceRow,
  'id' | 'boardId' | 'imageId' | 'title' | 'description' | 'hashtags'
>;

interface KeptList {
  branch: RelatedBranch;
  /** The one lexeme of a word's query, so a new pin's vector tells whether it matches. */
  lexeme: string | null;
  ids: number[];
  expiresAt: number;
}

interface Candidates {
  /** The newest pin id this process has added to its lists, or null before the first request. */
  since: number | null;
  lists: Map<string, KeptList>;
  /** Lists being read, shared by the requests that want them meanwhile. */
  reading: Map<string, Promise<number[]>>;
  /** The latest new pins, oldest first. */
  recent: NewPin[];
  words: Map<string, string>;
  sources: Map<number, { source: RelatedSource; expiresAt: number }>;
  /** Counts the forgets, so that a source read before one is not kept after it. */
  forgets: ClearCount;
}

const byDatabase = new WeakMap<Executor, Candidates>();
const everyCandidates = new Set<WeakRef<Candidates>>();

function candidatesOf(db: Executor): Candidates {
  let state = byDatabase.get(db);
  if (!state) {
    state = {
      since: null,
      lists: new Map(),
      reading: new Map(),
      recent: [],
      words: new Map(),
      sources: new Map(),
      forgets: createClearCount(),
    };
    byDatabase.set(db, state);
    everyCandidates.add(new WeakRef(state));
  }
  return state;
}

/**
 * Forgets every kept candidate list of this process (not the word queries, which never go
 * stale): an edit, a move or a board renamed can make older pins related or unrelated.
 */
export function forgetLocalRelatedCandidates(): void {
  for (const ref of everyCandidates) {
    const state = ref.deref();
    if (!state) {
      everyCandidates.delete(ref);
      continue;
    }
    state.lists.clear();
    state.reading.clear();
    state.sources.clear();
    state.forgets.clear();
  }
}

const forgetListeners = new Set<() => void>();

/** Forgets the kept lists here and tells the other instances (modules/pins/related-sync.ts). */
export function forgetRelatedCandidates(): void {
  forgetLocalRelatedCandidates();
  for (const listener of forgetListeners) listener();
}

/** Calls `listener` after each `forgetRelatedCandidates`; answers a function that stops it. */
export function onRelatedCandidatesForgotten(listener: () => void): () => void {
  forgetListeners.add(listener);
  return () => forgetListeners.delete(listener);
}

/**
 * Keeps the candidate lists of every instance in step: a forget made here is published on `bus`
 * (its own channel), and one published by any instance forgets this one's.
 */
export function syncRelatedCandidates(
  bus: InvalidationBus,
  log: { warn(details: { err: unknown }, message: string): void },
): Promise<() => void> {
  return syncAcrossInstances(
    bus,
    log,
    'related-pins',
    forgetLocalRelatedCandidates,
    onRelatedCandidatesForgotten,
  );
}

function keyOf(branch: RelatedBranch): string {
  if (branch.kind === 'board') return `b${branch.boardId}`;
  return branch.kind === 'tag' ? `t${branch.tag}` : `w${branch.query}`;
}

/** The lexeme of a query that is one quoted lexeme (`'word'`), else null. */
function singleLexeme(query: string): string | null {
  const match = /^'((?:[^'\\]|'')*)'$/.exec(query);
  return match ? match[1]!.replaceAll("''", "'") : null;
}

function belongsTo(list: KeptList, pin: NewPin): boolean | null {
  const { branch } = list;
  if (branch.kind === 'board') return pin.boardId === branch.boardId;
  if (branch.kind === 'tag') return pin.hashtags.includes(branch.tag);
  // A query of more than one lexeme cannot be judged here: the list is read again.
  return list.lexeme === null ? null : pin.lexemes.includes(list.lexeme);
}

/** Puts the new `pin` in `list` if it belongs there, keeping the newest first and the length. */
function addTo(list: KeptList, pin: NewPin): boolean {
  const belongs = belongsTo(list, pin);
  if (belongs === null) return false;
  if (belongs && !list.ids.includes(pin.id)) {
    const at = list.ids.findIndex((id) => id < pin.id);
    list.ids.splice(at === -1 ? list.ids.length : at, 0, pin.id);
    if (list.ids.length > RELATED_CANDIDATES_PER_BRANCH) list.ids.length = RELATED_CANDIDATES_PER_BRANCH;
  }
  return true;
}

/**
 * What the source statement read: the newest id and the pins after `since`. Adds them to the
 * kept lists and moves `since` on; too many new pins, and the lists are read again.
 */
export function takeNewPins(db: Executor, newestId: number | null, newPins: readonly NewPin[]): void {
  const state = candidatesOf(db);
  if (newestId === null) return;
  if (state.since === null || newPins.length > MAX_NEW_PINS_READ) {
    if (state.since !== null) state.lists.clear();
    state.since = Math.max(state.since ?? 0, newestId);
    return;
  }
  for (const pin of newPins) {
    if (pin.id <= state.since) continue;
    for (const [key, list] of state.lists) {
      if (!addTo(list, pin)) state.lists.delete(key);
    }
    state.recent.push(pin);
  }
  if (state.recent.length > RECENT_PINS) state.recent.splice(0, state.recent.length - RECENT_PINS);
  state.since = Math.max(state.since, newestId);
}

/** The kept fields of source pin `id`, or null (never read, expired or forgotten). */
export function keptRelatedSource(db: Executor, id: number): RelatedSource | null {
  const kept = candidatesOf(db).sources.get(id);
  return kept && kept.expiresAt > Date.now() ? kept.source : null;
}

/**
 * Call before the source statement is sent; keeps what it read of the pin, unless the kept
 * fields were forgotten meanwhile (the forget may be of an edit that statement did not see).
 */
export function sourceKeeper(db: Executor): (row: RelatedSourceRow) => void {
  const state = candidatesOf(db);
  const keepable = state.forgets.begin();
  const expiresAt = Date.now() + LIST_TTL_MS;
  return ({ id, boardId, imageId, title, description, hashtags }) => {
    if (!keepable()) return;
    state.sources.delete(id);
    state.sources.set(id, { source: { id, boardId, imageId, title, description, hashtags }, expiresAt });
    if (state.sources.size > MAX_SOURCES) state.sources.delete(state.sources.keys().next().value!);
  };
}

/** The process's watermark: pins above it are read with the next source pin. */
export function newPinsSince(db: Executor): number | null {
  return candidatesOf(db).since;
}

async function branchIds(db: Executor, state: Candidates, branch: RelatedBranch): Promise<number[]> {
  const key = keyOf(branch);
  const kept = state.lists.get(key);
  if (kept && kept.expiresAt > Date.now()) return kept.ids;
  const pending = state.reading.get(key);
  if (pending) return pending;
  const readFrom = state.since;
  const reading = listBranchIds(db, branch).then((ids) => {
    if (state.reading.get(key) !== reading) return ids; // forgotten meanwhile: not kept
    state.reading.delete(key);
    const list: KeptList = {
      branch,
      lexeme: branch.kind === 'text' ? singleLexeme(branch.query) : null,
      ids: [...ids],
      expiresAt: Date.now() + LIST_TTL_MS,
    };
    // Pins taken while the list was read may be missing from it.
    let complete = true;
    for (const pin of state.recent) {
      if (readFrom === null || pin.id > readFrom) complete &&= addTo(list, pin);
    }
    if (complete) {
      state.lists.delete(key);
      state.lists.set(key, list);
      if (state.lists.size > MAX_LISTS) state.lists.delete(state.lists.keys().next().value!);
    }
    return list.ids;
  });
  reading.catch(() => state.reading.delete(key));
  state.reading.set(key, reading);
  return reading;
}

/** The text search query of each word, kept (a word's query never changes). */
async function queriesOf(db: Executor, state: Candidates, words: readonly string[]): Promise<string[]> {
  const missing = words.filter((word) => !state.words.has(word));
  if (missing.length > 0) {
    const read = await wordQueries(db, missing);
    if (state.words.size + read.size > MAX_WORDS) state.words.clear();
    for (const [word, query] of read) state.words.set(word, query);
  }
  return [...new Set(words.map((word) => state.words.get(word) ?? ''))].filter((query) => query !== '');
}

/** The newest `count` ids of lists each newest first, without repeats. */
function newestOf(lists: readonly number[][], count: number): number[] {
  if (lists.length === 1) return lists[0]!.slice(0, count);
  const all = [...new Set(lists.flat())].sort((a, b) => b - a);
  return all.slice(0, count);
}

/**
 * The candidates of a source pin: its board's newest pins, the newest sharing one of `hashtags`,
 * the newest matching one of `words` (each branch RELATED_CANDIDATES_PER_BRANCH at most), from
 * the kept lists.
 */
export async function relatedCandidateIds(
  db: Executor,
  source: { boardId: number; hashtags: readonly string[]; words: readonly string[] },
): Promise<number[]> {
  const state = candidatesOf(db);
  const queries = await queriesOf(db, state, source.words);
  const [board, tagLists, textLists] = await Promise.all([
    branchIds(db, state, { kind: 'board', boardId: source.boardId }),
    Promise.all(source.hashtags.map((tag) => branchIds(db, state, { kind: 'tag', tag }))),
    Promise.all(queries.map((query) => branchIds(db, state, { kind: 'text', query }))),
  ]);
  const n = RELATED_CANDIDATES_PER_BRANCH;
  return [
    ...new Set([
      ...board,
      ...(tagLists.length ? newestOf(tagLists, n) : []),
      ...(textLists.length ? newestOf(textLists, n) : []),
    ]),
  ];
}
