import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { boards, boardSections } from '../../db/schema/boards.ts';
import { pins } from '../../db/schema/pins.ts';
import { users } from '../../db/schema/users.ts';
import { isBoardMember, visiblePinJoins } from '../../policies/visibility.ts';
import {
  addedNotificationsJson,
  boardMembersOf,
  INSERT_NOTIFICATION_ROWS,
  NOTIFICATION_ROW_COLUMNS,
  parseAddedNotifications,
  type AddedNotification,
  type NewNotification,
} from '../notifications/notifications.repository.ts';
import { copyStoryPages } from './story-pages.repository.ts';

/** What a save copies from the pin it saves. */
export interface RepinSource {
  id: number;
  pinnerId: number;
  /** Who the save credits: the creator of the picture's first pin (null when unknown). */
  originPinnerId: number | null;
  title: string;
  description: string;
  link: string | null;
  domain: string | null;
  hashtags: string[];
  imageId: number;
  dominantColor: string;
  embedSrc: string | null;
  embedType: string | null;
  videoKey: string | null;
  videoDurationMs: number | null;
  storyPageCount: number;
}

export async function findSectionOfBoard(db: Executor, sectionId: number, boardId: number) {
  const [row] = await db
    .select({ id: boardSections.id, title: boardSections.title })
    .from(boardSections)
    .where(and(eq(boardSections.id, sectionId), eq(boardSections.boardId, boardId)));
  return row ?? null;
}

export interface NewRepin {
  source: RepinSource;
  pinnerId: number;
  boardId: number;
  sectionId: number | null;
  title: string;
  description: string;
  hashtags: string[];
}

/**
 * Inserts the saved pin (its video or idea-pin pages too), or finds the one already on the board: the unique index on
 * (board_id, via_pin_id) makes a concurrent second save wait for the first and insert nothing.
 * Counts and last_pinned_to_at follow by trigger (migration 0001).
 */
export async function insertRepin(db: Executor, repin: NewRepin): Promise<{ id: number; inserted: boolean }> {
  const { source } = repin;
  const [inserted] = await db
    .insert(pins)
    .values({
      pinnerId: repin.pinnerId,
      boardId: repin.boardId,
      sectionId: repin.sectionId,
      title: repin.title,
      description: repin.description,
      link: source.link,
      domain: source.domain,
      hashtags: repin.hashtags,
      imageId: source.imageId,
      dominantColor: source.dominantColor,
      embedSrc: source.embedSrc,
      embedType: source.embedType,
      videoKey: source.videoKey,
      videoDurationMs: source.videoDurationMs,
      storyPageCount: source.storyPageCount,
      viaPinId: source.id,
      viaPinnerId: source.pinnerId,
      originPinnerId: source.originPinnerId,
      createdMethod: 'repin',
    })
    .onConflictDoNothing({ target: [pins.boardId, pins.viaPinId], where: sql`${pins.viaPinId} is not null` })
    .returning({ id: pins.id });
  if (inserted) {
    // A saved idea pin is the same story: its pages come along.
    if (source.storyPageCount > 0) await copyStoryPages(db, source.id, inserted.id);
    return { id: inserted.id, inserted: true };
  }
  const [existing] = await db
    .select({ id: pins.id })
    .from(pins)
    .where(and(eq(pins.boardId, repin.boardId), eq(pins.viaPinId, source.id)));
  return { id: existing!.id, inserted: false };
}

/**
 * The board's cover becomes the saved pin's image when the board has none or
 * a section was chosen. A cover the owner picked (has_custom_cover) is never replaced.
 */
function coverBoardUpdate(db: Executor, boardId: number, imageId: number, sectionChosen: boolean) {
  return db
    .update(boards)
    .set({ coverImageId: imageId })
    .where(
      and(
        eq(boards.id, boardId),
        eq(boards.hasCustomCover, false),
        sectionChosen ? undefined : isNull(boards.coverImageId),
      ),
    );
}

export async function coverBoardWithPin(
  db: Executor,
  boardId: number,
  imageId: number,
  sectionChosen: boolean,
) {
  await coverBoardUpdate(db, boardId, imageId, sectionChosen);
}

const param = sql.placeholder;

// Prepared (decision 39): planning the notifications' visibility rule cost several times running
// it. One shape for every save: the pinner's row is dropped by SQL when the saver is the pinner,
// the board's members' rows when the saver is its only member.
const coverCountAndNotify = preparedPerDatabase((db) => {
  const cover = db.$with('cover', {}).as(
    sql`update ${boards} set cover_image_id = ${param('imageId')}
      where id = ${param('boardId')} and has_custom_cover = false
        and (${param('sectionChosen')}::boolean or cover_image_id is null)`,
  );
  const rows = db.$with('notification_rows', {}).as(
    sql`select * from (values (${param('sourcePinnerId')}::int8, 'pin_saved'::text, ${param('saverId')}::int8,
        ${param('sourcePinId')}::int8, ${param('boardId')}::int8, null::int8, null::int8,
        ${param('savedGroupKey')}::text, null::text, ${param('savedMailCategory')}::text))
        as v(${NOTIFICATION_ROW_COLUMNS})
      where v.recipient_id <> v.actor_id
      union all
      select m.id, 'board_pins_added', ${param('saverId')}::int8, null, ${param('boardId')}::int8, null, null,
        ${param('addedGroupKey')}::text, null, ${param('addedMailCategory')}::text
      from ${boardMembersOf(sql`${param('boardId')}::int8`)} m
      where m.id <> ${param('saverId')}::int8`,
  );
  const added = db.$with('added_notifications', {}).as(INSERT_NOTIFICATION_ROWS);
  return db
    .with(cover, rows, added)
    .select({ pinCount: users.pinCount, added: sql<unknown>`${addedNotificationsJson()}` })
    .from(users)
    .where(eq(users.id, sql`${param('saverId')}::int8`))
    .prepare('save_cover_count_and_notify');
});

/**
 * After a save's insert, its transaction's last statement: `coverBoardWithPin`, the save's
 * notifications (`saveNotifications`: the source's pinner, the board's other members; decision
 * 66), and the saver's pin count with this save in it (the count trigger ran with the insert),
 * in one round trip. Answers the count and the notifications added.
 */
export async function coverBoardCountPinsAndNotify(
  db: Executor,
  save: { boardId: number; imageId: number; sectionChosen: boolean; pinnerId: number },
  notifications: { pinSaved: NewNotification | null; pinAdded: Omit<NewNotification, 'recipientId'> },
): Promise<{ pinCount: number; added: AddedNotification[] }> {
  const [row] = await coverCountAndNotify(db).execute({
    imageId: save.imageId,
    boardId: save.boardId,
    sectionChosen: save.sectionChosen,
    saverId: save.pinnerId,
    // No row to the pinner when they saved their own pin (the SQL drops a row to its actor).
    sourcePinnerId: notifications.pinSaved?.recipientId ?? save.pinnerId,
    sourcePinId: notifications.pinSaved?.pinId ?? null,
    savedGroupKey: notifications.pinSaved?.groupKey ?? '',
    savedMailCategory: notifications.pinSaved?.mailCategory ?? null,
    addedGroupKey: notifications.pinAdded.groupKey,
    addedMailCategory: notifications.pinAdded.mailCategory ?? null,
  });
  return { pinCount: row?.pinCount ?? 0, added: parseAddedNotifications(row?.added ?? []) };
}

export async function findBoardName(db: Executor, boardId: number) {
  const [row] = await db
    .select({ id: boards.id, name: boards.name, slug: boards.slug, ownerUsername: users.username })
    .from(boards)
    .innerJoin(users, eq(users.id, boards.ownerId))
    .where(eq(boards.id, boardId));
  return row ?? null;
}

const viewer = sql.placeholder('viewerId');
const savedPin = sql.placeholder('pinId');

// Prepared (db/prepared.ts): the closeup's saved state and the board picker read it per pin.
const savesOf = preparedPerDatabase((db) =>
  db
    .select({
      pinId: pins.id,
      sourceId: sql<number>`coalesce(${pins.viaPinId}, ${pins.id})`.mapWith(Number),
      board: { id: boards.id, name: boards.name, slug: boards.slug },
      ownerUsername: users.username,
      section: { id: boardSections.id, title: boardSections.title },
    })
    .from(pins)
    .innerJoin(boards, eq(boards.id, pins.boardId))
    .innerJoin(users, eq(users.id, boards.ownerId))
    .leftJoin(boardSections, eq(boardSections.id, pins.sectionId))
    .where(
      and(
        eq(pins.pinnerId, viewer),
        // The picture, as the pins' saved state reads it (decision 44): one probe of
        // pins_pinner_image_idx.
        sql`${pins.imageId} = (select sp.image_id from pins sp where sp.id = ${savedPin})`,
        isBoardMember(viewer),
      ),
    )
    .orderBy(desc(pins.id))
    .prepare('saves_of_pin'),
);

/**
 * The viewer's saves of a pin's picture: their pins of the same image (the pin itself, saves of
 * it, other copies of the picture) on boards they own or collaborate on, newest first.
 */
export async function listSavesOf(db: Executor, pinId: number, viewerId: number) {
  return savesOf(db).execute({ pinId, viewerId });
}

// The closeup's saved state: whether the viewer may see the pin and their saves of its picture,
// in one prepared statement (one row of nulls beside `visible` when there are none).
const savesOfVisiblePin = preparedPerDatabase((db) =>
  db
    .select({
      visible: sql<boolean>`v.visible`,
      pinId: sql<string | null>`s.pin_id`,
      boardId: sql<string | null>`s.board_id`,
      boardName: sql<string | null>`s.board_name`,
      boardSlug: sql<string | null>`s.board_slug`,
      ownerUsername: sql<string | null>`s.owner_username`,
      sectionId: sql<string | null>`s.section_id`,
      sectionTitle: sql<string | null>`s.section_title`,
    })
    .from(
      sql`(select exists (select 1 from pins ${visiblePinJoins(viewer)} where pins.id = ${savedPin}::int8) as visible) v
      left join lateral (select pins.id, boards.id, boards.name, boards.slug, users.username,
          board_sections.id, board_sections.title
        from pins join boards on boards.id = pins.board_id
        join users on users.id = boards.owner_id
        left join board_sections on board_sections.id = pins.section_id
        where v.visible and ${pins.pinnerId} = ${viewer}
          and ${pins.imageId} = (select sp.image_id from pins sp where sp.id = ${savedPin}::int8)
          and ${isBoardMember(viewer)}) s (pin_id, board_id, board_name, board_slug, owner_username, section_id, section_title)
        on true`,
    )
    .orderBy(sql`s.pin_id desc`)
    .prepare('saves_of_visible_pin'),
);

/**
 * `listSavesOf` for a pin the viewer may see (`pinVisibleTo`), or null when they may not: the
 * closeup's saved state in one statement.
 */
export async function listSavesOfVisiblePin(db: Executor, pinId: number, viewerId: number) {
  const rows = await savesOfVisiblePin(db).execute({ pinId, viewerId });
  if (!rows[0]?.visible) return null;
  return rows.flatMap((row) =>
    row.pinId === null
      ? []
      : [
          {
            pinId: Number(row.pinId),
            board: { id: Number(row.boardId), name: row.boardName!, slug: row.boardSlug! },
            ownerUsername: row.ownerUsername!,
            section: row.sectionId === null ? null : { id: Number(row.sectionId), title: row.sectionTitle! },
          },
        ],
  );
}
