import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { literalLimit, preparedPerDatabase } from '../../db/prepared.ts';
import { boards, boardSections } from '../../db/schema/boards.ts';
import { images } from '../../db/schema/images.ts';
import { pins } from '../../db/schema/pins.ts';
import { users } from '../../db/schema/users.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@pinboard/shared';
import { inIdOrder } from '../../lib/id-order.ts';
import { publicSaveCount } from '../../policies/counts.ts';
import { pinVisibleTo, type ViewerIdParam } from '../../policies/visibility.ts';
import { userSummaryColumns } from '../users/users.repository.ts';

const pinner = alias(users, 'pinner');
const pinnerAvatar = alias(images, 'pinner_avatar');
const boardOwner = alias(users, 'board_owner');

/**
 * Everything a pin answer needs, in one query with joins (no query per row). `extra` adds
 * computed columns a list sorts on (the related pins' score).
 */
export function selectPins<Extra extends Record<string, SQL.Aliased | SQL> = Record<never, never>>(
  db: Executor,
  extra?: Extra,
) {
  return db
    .select({
      ...(extra as Extra),
      id: pins.id,
      title: pins.title,
      description: pins.description,
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
      repinCount: publicSaveCount,
      imageId: pins.imageId,
      imageSizes: images.sizes,
      pinner: userSummaryColumns(pinner, pinnerAvatar),
      board: { id: boards.id, name: boards.name, slug: boards.slug, privacy: boards.privacy },
      boardOwnerUsername: boardOwner.username,
      section: { id: boardSections.id, title: boardSections.title, slug: boardSections.slug },
    })
    .from(pins)
    .innerJoin(images, eq(images.id, pins.imageId))
    .innerJoin(pinner, eq(pinner.id, pins.pinnerId))
    .leftJoin(pinnerAvatar, eq(pinnerAvatar.id, pinner.avatarImageId))
    .innerJoin(boards, eq(boards.id, pins.boardId))
    .innerJoin(boardOwner, eq(boardOwner.id, boards.ownerId))
    .leftJoin(boardSections, eq(boardSections.id, pins.sectionId));
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
  selectPins(db)
    .where(and(eq(pins.id, sql.placeholder('id')), readablePins(viewer)))
    .limit(1)
    .prepare('viewer_pin_by_id'),
);

export async function findPinById(db: Executor, id: number, viewerId: number | null): Promise<PinRow | null> {
  const [row] =
    viewerId === null
      ? await publicPinById(db).execute({ id })
      : await viewerPinById(db).execute({ id, viewerId });
  return row ?? null;
}

const publicPinsByIds = preparedPerDatabase((db) =>
  selectPins(db)
    .where(and(sql`${pins.id} = any(${sql.placeholder('ids')}::int8[])`, readablePins(null)))
    .prepare('public_pins_by_ids'),
);

/**
 * The public pins among `ids`, in the order of `ids` (a ranked or merged list); ids that are
 * not, or no longer, public are left out.
 */
export async function listPublicPinsInOrder(db: Executor, ids: number[]): Promise<PinRow[]> {
  if (ids.length === 0) return [];
  return inIdOrder(ids, await publicPinsByIds(db).execute({ ids }));
}

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
const subject = sql.placeholder('subject');
const FILTERS = {
  onBoard: eq(pins.boardId, subject),
  inSection: eq(pins.sectionId, subject),
  savedBy: eq(pins.pinnerId, subject),
  createdBy: and(eq(pins.pinnerId, subject), sql`${pins.createdMethod} <> 'repin'`)!,
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
  const viewerId = audience === 'public' ? null : viewer;
  return preparedPerDatabase((db) =>
    selectPins(db)
      .where(
        and(
          FILTERS[name],
          readablePins(viewerId),
          later ? lt(pins.id, sql.placeholder('beforeId')) : undefined,
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
  return selectPins(db)
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
