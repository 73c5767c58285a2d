import { eq, sql } from 'drizzle-orm';
import type { ReportObjectType } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { boards } from '../../db/schema/boards.ts';
import { pinComments } from '../../db/schema/comments.ts';
import { images } from '../../db/schema/images.ts';
import { pins } from '../../db/schema/pins.ts';
import { users } from '../../db/schema/users.ts';
import { renditionUrl } from '../../lib/media-url.ts';
import { recoverBoardCover } from '../pins/pin-edit.repository.ts';
import { boardUrl } from '../pins/pins.presenter.ts';

/** A short picture of a moderated object, for its owner and for operators. */
export interface ObjectSummary {
  title: string;
  image_url: string | null;
  url: string | null;
}

/**
 * What moderation needs of one kind of object (decision 54): who owns it, a summary, and how it is
 * taken down and put back. A kind without `remove` cannot be removed (a person: suspend them).
 */
export interface ModeratedObject {
  /** What the owner's notices call it ("Pin", "board"). */
  noun: string;
  ownerOf(db: Executor, id: number): Promise<number | null>;
  summary(db: Executor, id: number): Promise<ObjectSummary | null>;
  remove?(db: Executor, id: number): Promise<void>;
  restore?(db: Executor, id: number): Promise<void>;
  /** Whether it is removed now (what its owner may appeal). */
  isRemoved?(db: Executor, id: number): Promise<boolean>;
}

const pin: ModeratedObject = {
  noun: 'Pin',
  async ownerOf(db, id) {
    const [row] = await db.select({ owner: pins.pinnerId }).from(pins).where(eq(pins.id, id));
    return row?.owner ?? null;
  },
  async summary(db, id) {
    const [row] = await db
      .select({ title: pins.title, sizes: images.sizes })
      .from(pins)
      .innerJoin(images, eq(images.id, pins.imageId))
      .where(eq(pins.id, id));
    if (!row) return null;
    return { title: row.title, image_url: renditionUrl(row.sizes, '236x'), url: `/pin/${id}/` };
  },
  // The count trigger (migration 0029) moves every count as for a delete, and back on restore.
  async remove(db, id) {
    const [row] = await db
      .update(pins)
      .set({ removedAt: sql`now()` })
      .where(eq(pins.id, id))
      .returning({ boardId: pins.boardId, imageId: pins.imageId });
    // A cover the board took from its picture goes, as after a delete.
    if (row) await recoverBoardCover(db, row.boardId, row.imageId);
  },
  async restore(db, id) {
    await db.update(pins).set({ removedAt: null }).where(eq(pins.id, id));
  },
  async isRemoved(db, id) {
    const [row] = await db.select({ removedAt: pins.removedAt }).from(pins).where(eq(pins.id, id));
    return row?.removedAt != null;
  },
};

const board: ModeratedObject = {
  noun: 'board',
  async ownerOf(db, id) {
    const [row] = await db.select({ owner: boards.ownerId }).from(boards).where(eq(boards.id, id));
    return row?.owner ?? null;
  },
  async summary(db, id) {
    const [row] = await db
      .select({ name: boards.name, slug: boards.slug, owner: users.username, sizes: images.sizes })
      .from(boards)
      .innerJoin(users, eq(users.id, boards.ownerId))
      .leftJoin(images, eq(images.id, boards.coverImageId))
      .where(eq(boards.id, id));
    if (!row) return null;
    return {
      title: row.name,
      image_url: row.sizes ? renditionUrl(row.sizes, '236x') : null,
      url: boardUrl(row.owner, row.slug),
    };
  },
  async remove(db, id) {
    await db
      .update(boards)
      .set({ removedAt: sql`now()` })
      .where(eq(boards.id, id));
  },
  async restore(db, id) {
    await db.update(boards).set({ removedAt: null }).where(eq(boards.id, id));
  },
  async isRemoved(db, id) {
    const [row] = await db.select({ removedAt: boards.removedAt }).from(boards).where(eq(boards.id, id));
    return row?.removedAt != null;
  },
};

const user: ModeratedObject = {
  noun: 'profile',
  async ownerOf(db, id) {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
    return row?.id ?? null;
  },
  async summary(db, id) {
    const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, id));
    return row ? { title: row.username, image_url: null, url: `/${row.username}/` } : null;
  },
};

/** The longest part of a comment a summary quotes. */
const COMMENT_QUOTE_MAX = 80;

/**
 * A comment on a pin (decision 51). Removed, it is shown to its author alone (`commentShownAs`)
 * and counts for no one else: the comment counts are read per answer, so nothing is moved.
 * Its replies go and come back with it, as with a suspended author's thread.
 */
const comment: ModeratedObject = {
  noun: 'comment',
  async ownerOf(db, id) {
    const [row] = await db
      .select({ owner: pinComments.authorId })
      .from(pinComments)
      .where(eq(pinComments.id, id));
    return row?.owner ?? null;
  },
  async summary(db, id) {
    const [row] = await db
      .select({ text: pinComments.text, pinId: pinComments.pinId, sizes: images.sizes })
      .from(pinComments)
      .innerJoin(pins, eq(pins.id, pinComments.pinId))
      .innerJoin(images, eq(images.id, pins.imageId))
      .where(eq(pinComments.id, id));
    if (!row) return null;
    const title =
      row.text.length > COMMENT_QUOTE_MAX ? `${row.text.slice(0, COMMENT_QUOTE_MAX - 1)}…` : row.text;
    return { title, image_url: renditionUrl(row.sizes, '236x'), url: `/pin/${row.pinId}/` };
  },
  async remove(db, id) {
    await db
      .update(pinComments)
      .set({ removedAt: sql`now()` })
      .where(eq(pinComments.id, id));
  },
  async restore(db, id) {
    await db.update(pinComments).set({ removedAt: null }).where(eq(pinComments.id, id));
  },
  async isRemoved(db, id) {
    const [row] = await db
      .select({ removedAt: pinComments.removedAt })
      .from(pinComments)
      .where(eq(pinComments.id, id));
    return row?.removedAt != null;
  },
};

/** The kinds of object moderation acts on: every kind the product reports. */
export const MODERATED_OBJECTS: Partial<Record<ReportObjectType, ModeratedObject>> = {
  pin,
  board,
  user,
  comment,
};
