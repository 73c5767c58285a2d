import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { literalLimit, opaqueParam, preparedPerDatabase } from '../../db/prepared.ts';
import { boards, boardSections } from '../../db/schema/boards.ts';
import { images } from '../../db/schema/images.ts';
import { pins } from '../../db/schema/pins.ts';
import { users } from '../../db/schema/users.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@pinboard/shared';
import { inIdOrder } from '../../lib/id-order.ts';
import { publicSaveCount } from '../../policies/counts.ts';
import {
  activeAccount,
  pinVisibleAs,
  pinVisibleTo,
  removedPinOfViewer,
  viewerBoardAs,
  type ViewerIdParam,
} from '../../policies/visibility.ts';
import { userSummaryColumns } from '../users/users.repository.ts';

const pinner = alias(users, 'pinner');
const pinnerAvatar = alias(images, 'pinner_avatar');
const boardOwner = alias(users, 'board_owner');
const originPinner = alias(users, 'origin_pinner');
const originAvatar = alias(images, 'origin_avatar');

/** A pin's `viewer_saved`, as the query reads it (ids as numbers from JSON). */
export interface ViewerSavedRow {
  pin_id: number;
  board_id: number;
  board_name: string;
  section_id: number | null;
  section_title: string | null;
}

/**
 * Where the viewer saved the picture `imageId` (an SQL expression; by default the current `pins`
 * row's): their newest pin of the same image on a board of their own (decision 44), as one JSON
 * value. A subquery in the select list, so a list reads it in its one query: one probe of
 * `pins_pinner_image_idx` per pin shown.
 */
export function viewerSaveOfPicture(
  viewerId: ViewerIdParam,
  imageId: SQL | typeof pins.imageId = pins.imageId,
): SQL<ViewerSavedRow | null> {
  return sql<ViewerSavedRow | null>`(select json_build_object('pin_id', vs.id, 'board_id', vs.board_id,
      'board_name', vsb.name, 'section_id', vs.section_id, 'section_title', vss.title)
    from pins vs join boards vsb on vsb.id = vs.board_id
    left join board_sections vss on vss.id = vs.section_id
    where vs.pinner_id = ${viewerId} and vs.image_id = ${imageId} and ${viewerBoardAs('vsb', viewerId)}
    order by vs.id desc limit 1)`;
}

/**
 * Everything a pin answer needs, in one query with joins (no query per row). `extra` adds
 * computed columns a list sorts on (the related pins' score). With `savedFor`, each pin says
 * where that signed-in viewer saved its picture (`viewerSaved`); else that is null.
 */
export function selectPins<Extra extends Record<string, SQL.Aliased | SQL> = Record<never, never>>(
  db: Executor,
  extra?: Extra,
  savedFor: ViewerIdParam | null = null,
  drivenBy?: PinsDrivenBy,
) {
  const query = db
    .select({
      ...(extra as Extra),
      viewerSaved: savedFor === null ? sql<ViewerSavedRow | null>`null` : viewerSaveOfPicture(savedFor),
      id: pins.id,
      title: pins.title,
      description: pins.description,
      altText: pins.altText,
      link: pins.link,
      domain: pins.domain,
      hashtags: pins.hashtags,
      dominantColor: pins.dominantColor,
      embedSrc: pins.embedSrc,
      embedType: pins.embedType,
      videoKey: pins.videoKey,
      videoDurationMs: pins.videoDurationMs,
      storyPageCount: pins.storyPageCount,
      createdMethod: pins.createdMethod,
      createdAt: pins.createdAt,
      viaPinId: pins.viaPinId,
      originPinnerId: pins.originPinnerId,
      originPinner: userSummaryColumns(originPinner, originAvatar),
      repinCount: publicSaveCount,
      imageId: pins.imageId,
      imageSizes: images.sizes,
      pinner: userSummaryColumns(pinner, pinnerAvatar),
      board: { id: boards.id, name: boards.name, slug: boards.slug, privacy: boards.privacy },
      boardOwnerUsername: boardOwner.username,
      section: { id: boardSections.id, title: boardSections.title, slug: boardSections.slug },
    })
    .from(pins)
    .$dynamic();
  // Joined first, so that PostgreSQL may start from it: past eight relations (its
  // join_collapse_limit) it keeps the order of the later joins as written.
  return (
    (drivenBy ? query.innerJoin(drivenBy.relation, drivenBy.on) : query)
      .innerJoin(images, eq(images.id, pins.imageId))
      .innerJoin(pinner, eq(pinner.id, pins.pinnerId))
      .leftJoin(pinnerAvatar, eq(pinnerAvatar.id, pinner.avatarImageId))
      .innerJoin(boards, eq(boards.id, pins.boardId))
      .innerJoin(boardOwner, eq(boardOwner.id, boards.ownerId))
      .leftJoin(boardSections, eq(boardSections.id, pins.sectionId))
      // The creator is credited while their account is active (a hidden account's name is not shown).
      .leftJoin(originPinner, and(eq(originPinner.id, pins.originPinnerId), activeAccount(originPinner)))
      .leftJoin(originAvatar, eq(originAvatar.id, originPinner.avatarImageId))
  );
}

/** A relation that chooses the pins a `selectPins` reads (a ranked list), and its join condition. */
export interface PinsDrivenBy {
  relation: SQL;
  on: SQL;
}

export type PinRow = Awaited<ReturnType<ReturnType<typeof selectPins>['execute']>>[number];

/** What every pin read over `selectPins` applies: `pinVisibleTo` over its joins. */
export function readablePins(viewerId: ViewerIdParam | null): SQL {
  return pinVisibleTo(viewerId, { pinner, boardOwner });
}

const viewer = sql.placeholder('viewerId');

// Prepared (db/prepared.ts): planning this seven-way join costs more than running it.
const publicPinById = preparedPerDatabase((db) =>
  selectPins(db)
    .where(and(eq(pins.id, sql.placeholder('id')), readablePins(null)))
    .limit(1)
    .prepare('public_pin_by_id'),
);
const viewerPinById = preparedPerDatabase((db) =>
  selectPins(db, undefined, viewer)
    .where(and(eq(pins.id, sql.placeholder('id')), readablePins(viewer)))
    .limit(1)
    .prepare('viewer_pin_by_id'),
);

/** The viewer's own pin `id` when an operator removed it (its closeup shows it them, decision 54). */
export async function findRemovedPinOfViewer(
  db: Executor,
  id: number,
  viewerId: number,
): Promise<PinRow | null> {
  const [row] = await selectPins(db, undefined, viewerId)
    .where(and(eq(pins.id, id), removedPinOfViewer(viewerId, { pinner, boardOwner })))
    .limit(1);
  return row ?? null;
}

export async function findPinById(db: Executor, id: number, viewerId: number | null): Promise<PinRow | null> {
  const [row] =
    viewerId === null
      ? await publicPinById(db).execute({ id })
      : await viewerPinById(db).execute({ id, viewerId });
  return row ?? null;
}

// The ids and the viewer through `opaqueParam` (decision 60): a plan made for a few ids (the
// promoted pins' two to six winners) or for one viewer was priced below the generic plan, so every
// run was planned again (10-60 ms of planning for under a millisecond of execution, loaded machine).
const pinIds = opaqueParam('ids', 'int8[]');

const publicPinsByIds = preparedPerDatabase((db) =>
  selectPins(db)
    .where(and(sql`${pins.id} = any(${pinIds})`, readablePins(null)))
    .prepare('public_pins_by_ids'),
);

const publicPinsByIdsForViewer = preparedPerDatabase((db) =>
  selectPins(db, undefined, opaqueParam('viewerId', 'int8'))
    .where(and(sql`${pins.id} = any(${pinIds})`, readablePins(null)))
    .prepare('public_pins_by_ids_for_viewer'),
);

/**
 * The public pins among `ids`, in the order of `ids` (a ranked or merged list); ids that are
 * not, or no longer, public are left out. For a signed-in `viewerId`, each says where the viewer
 * saved its picture.
 */
export async function listPublicPinsInOrder(
  db: Executor,
  ids: number[],
  viewerId: number | null = null,
): Promise<PinRow[]> {
  if (ids.length === 0) return [];
  const rows =
    viewerId === null
      ? await publicPinsByIds(db).execute({ ids })
      : await publicPinsByIdsForViewer(db).execute({ ids, viewerId });
  return inIdOrder(ids, rows);
}

/**
 * One card per picture (decision 44), the one condition every list of pins uses for it: the
 * current `pins` row is the newest pin of its picture among `sameList`'s pins `q` the viewer may
 * see (a newer copy the viewer may not see never hides one they may). Keyset pages stay exact: an
 * older copy is left out on every page, the newest shown wherever it falls.
 */
export function newestOfPictureIn(sameList: SQL, viewerId: ViewerIdParam | null): SQL {
  return sql`not exists (select 1 from pins q where ${sameList} and q.image_id = ${pins.imageId}
    and q.id > ${pins.id} and ${pinVisibleAs('q', viewerId)})`;
}

/** The visitors' home feed's rule: no newer public pin of the same picture. */
export const newestPublicPinOfPicture: SQL = newestOfPictureIn(sql`true`, null);

export interface PinPageQuery {
  viewerId: number | null;
  /** The id of the last pin of the previous page. */
  beforeId: number | null;
  limit: number;
}

/**
 * The lists a profile, a board and a section show: a condition on one subject (a board, a
 * section, a person), each a prepared statement per kind of viewer.
 */
// Through `opaqueParam` (as the viewer and the bookmark below): a plan made for a small board was
// priced below the generic plan, and a connection whose first runs were small boards planned
// every later page again.
const subject = opaqueParam('subject', 'int8');
// The newer copies `q` are matched to the row's own subject column plus 0: a plain `q.board_id =
// pins.board_id` joined `q` to `pins.board_id = subject`, so the planner read every pin of the
// board once and compared each with each row of the page (2,597 pins of a big board, 67,522
// comparisons, 12-60 ms) instead of probing the row's (board, picture) in the index (26 probes,
// 1.5 ms; docs/benchmarks.md, "A save's live events and one card per picture on a big board").
const FILTERS = {
  onBoard: (viewerId: ViewerIdParam | null) =>
    and(eq(pins.boardId, subject), newestOfPictureIn(sql`q.board_id = ${pins.boardId} + 0`, viewerId))!,
  inSection: (viewerId: ViewerIdParam | null) =>
    and(eq(pins.sectionId, subject), newestOfPictureIn(sql`q.section_id = ${pins.sectionId} + 0`, viewerId))!,
  savedBy: (viewerId: ViewerIdParam | null) =>
    and(eq(pins.pinnerId, subject), newestOfPictureIn(sql`q.pinner_id = ${pins.pinnerId} + 0`, viewerId))!,
  createdBy: (viewerId: ViewerIdParam | null) =>
    and(
      eq(pins.pinnerId, subject),
      sql`${pins.createdMethod} <> 'repin'`,
      newestOfPictureIn(sql`q.pinner_id = ${pins.pinnerId} + 0 and q.created_method <> 'repin'`, viewerId),
    )!,
};

/** One of `pinFilters`: a list of pins of one subject. */
export interface PinFilter {
  name: keyof typeof FILTERS;
  subject: number;
}

export const pinFilters = {
  onBoard: (boardId: number): PinFilter => ({ name: 'onBoard', subject: boardId }),
  inSection: (sectionId: number): PinFilter => ({ name: 'inSection', subject: sectionId }),
  /** Every pin the user pinned, saves of other pins included. */
  savedBy: (userId: number): PinFilter => ({ name: 'savedBy', subject: userId }),
  /** Pins the user made themselves: not saves of someone else's pin. */
  createdBy: (userId: number): PinFilter => ({ name: 'createdBy', subject: userId }),
};

/**
 * The limits the prepared lists are built with (`literalLimit`): a page of the default size
 * and the next one's first pin, and larger pages up to the largest. A page reads the smallest
 * that holds it.
 */
const LIST_LIMITS = [DEFAULT_PAGE_SIZE + 1, 51, 101, MAX_PAGE_SIZE + 1];

type Audience = 'public' | 'viewer';

/**
 * A list's first page and its later ones are two statements: with `id < $n` on the first page
 * too, the generic plan would guess a third of the subject's pins and be priced above a plan
 * for the values, so PostgreSQL would plan every first page afresh.
 */
function prepareFilteredPage(name: keyof typeof FILTERS, audience: Audience, limit: number, later: boolean) {
  // The viewer through `opaqueParam`: a plan made for a viewer who owns and collaborates on
  // little is priced at half the generic plan, so each page was planned again (3-14 ms).
  const viewerId = audience === 'public' ? null : opaqueParam('viewerId', 'int8');
  return preparedPerDatabase((db) =>
    selectPins(db, undefined, viewerId)
      .where(
        and(
          FILTERS[name](viewerId),
          readablePins(viewerId),
          later ? lt(pins.id, opaqueParam('beforeId', 'int8')) : undefined,
        ),
      )
      .orderBy(desc(pins.id))
      .limit(literalLimit(limit))
      .prepare(`pins_${name}_${audience}_${limit}${later ? '_later' : ''}`),
  );
}

const filteredPages = new Map<string, ReturnType<typeof prepareFilteredPage>>();

/** The prepared page of a filter, for an audience, read with `limit`: built on first use. */
function filteredPage(name: keyof typeof FILTERS, audience: Audience, limit: number, later: boolean) {
  const key = `${name} ${audience} ${limit} ${later}`;
  let prepared = filteredPages.get(key);
  if (!prepared) filteredPages.set(key, (prepared = prepareFilteredPage(name, audience, limit, later)));
  return prepared;
}

/**
 * Newest-first page of readable pins: of one of `pinFilters` (a prepared statement), or
 * matching any other condition (moving pins, a hashtag's pins), or every pin.
 */
export async function listPinsNewestFirst(
  db: Executor,
  filter: PinFilter | SQL | undefined,
  page: PinPageQuery,
): Promise<PinRow[]> {
  if (filter !== undefined && 'subject' in filter) {
    const listLimit = LIST_LIMITS.find((limit) => limit >= page.limit);
    if (listLimit === undefined) throw new RangeError(`A page of ${page.limit} pins is larger than any list`);
    const audience = page.viewerId === null ? 'public' : 'viewer';
    const later = page.beforeId !== null;
    const rows = await filteredPage(
      filter.name,
      audience,
      listLimit,
      later,
    )(db).execute({
      subject: filter.subject,
      viewerId: page.viewerId,
      beforeId: page.beforeId,
    });
    return rows.slice(0, page.limit);
  }
  return selectPins(db, undefined, page.viewerId)
    .where(
      and(
        filter,
        readablePins(page.viewerId),
        page.beforeId === null ? undefined : lt(pins.id, page.beforeId),
      ),
    )
    .orderBy(desc(pins.id))
    .limit(page.limit);
}
