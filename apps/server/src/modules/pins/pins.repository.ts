import { and, desc, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { boards, boardSections } from '../../db/schema/boards.ts';
import { images } from '../../db/schema/images.ts';
import { pins } from '../../db/schema/pins.ts';
import { users } from '../../db/schema/users.ts';
import { inIdOrder } from '../../lib/id-order.ts';
import { publicSaveCount } from '../../policies/counts.ts';
import { pinVisibleTo } from '../../policies/visibility.ts';
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
export function readablePins(viewerId: number | null): SQL {
  return pinVisibleTo(viewerId, { pinner, boardOwner });
}

function preparePublicPinById(db: Executor) {
  return selectPins(db)
    .where(and(eq(pins.id, sql.placeholder('id')), readablePins(null)))
    .limit(1)
    .prepare('public_pin_by_id');
}

// Built once per database: no SQL text rebuilt per request, and on PostgreSQL a named statement
// each connection plans once (planning this seven-way join costs more than running it).
const publicPinById = new WeakMap<Executor, ReturnType<typeof preparePublicPinById>>();

export async function findPinById(db: Executor, id: number, viewerId: number | null): Promise<PinRow | null> {
  if (viewerId === null) {
    let prepared = publicPinById.get(db);
    if (!prepared) publicPinById.set(db, (prepared = preparePublicPinById(db)));
    const [row] = await prepared.execute({ id });
    return row ?? null;
  }
  const [row] = await selectPins(db)
    .where(and(eq(pins.id, id), readablePins(viewerId)))
    .limit(1);
  return row ?? null;
}

/**
 * The public pins among `ids`, in the order of `ids` (a ranked or merged list); ids that are
 * not, or no longer, public are left out.
 */
export async function listPublicPinsInOrder(db: Executor, ids: number[]): Promise<PinRow[]> {
  if (ids.length === 0) return [];
  let prepared = publicPinsByIds.get(db);
  if (!prepared) publicPinsByIds.set(db, (prepared = preparePublicPinsByIds(db)));
  return inIdOrder(ids, await prepared.execute({ ids }));
}

function preparePublicPinsByIds(db: Executor) {
  return selectPins(db)
    .where(and(sql`${pins.id} = any(${sql.placeholder('ids')}::int8[])`, readablePins(null)))
    .prepare('public_pins_by_ids');
}

// Like `publicPinById`: one array parameter whatever the number of ids, so one plan; planned per
// call, this join cost more than the ranked lists (related pins, search) it loads rows for.
const publicPinsByIds = new WeakMap<Executor, ReturnType<typeof preparePublicPinsByIds>>();

export interface PinPageQuery {
  viewerId: number | null;
  /** The id of the last pin of the previous page. */
  beforeId: number | null;
  limit: number;
}

/** Newest-first page of readable pins matching `where`. */
export async function listPinsNewestFirst(db: Executor, where: SQL | undefined, page: PinPageQuery) {
  return selectPins(db)
    .where(
      and(
        where,
        readablePins(page.viewerId),
        page.beforeId === null ? undefined : lt(pins.id, page.beforeId),
      ),
    )
    .orderBy(desc(pins.id))
    .limit(page.limit);
}

export const pinFilters = {
  onBoard: (boardId: number) => eq(pins.boardId, boardId),
  inSection: (sectionId: number) => eq(pins.sectionId, sectionId),
  /** Every pin the user pinned, saves of other pins included. */
  savedBy: (userId: number) => eq(pins.pinnerId, userId),
  /** Pins the user made themselves: not saves of someone else's pin. */
  createdBy: (userId: number) => and(eq(pins.pinnerId, userId), ne(pins.createdMethod, 'repin'))!,
};
