import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tsvector } from './search-types.ts';
import { PIN_CREATED_METHODS } from '@pinboard/shared';
import { boards, boardSections } from './boards.ts';
import { images } from './images.ts';
import { users } from './users.ts';

export const pins = pgTable(
  'pins',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    pinnerId: bigint('pinner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    boardId: bigint('board_id', { mode: 'number' })
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    sectionId: bigint('section_id', { mode: 'number' }).references(() => boardSections.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    /** What a screen reader says for the picture; empty: the title stands in. */
    altText: text('alt_text').notNull().default(''),
    link: text('link'),
    /** Host of `link` without www., for the link chip and per-domain lookups. */
    domain: text('domain'),
    hashtags: text('hashtags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    imageId: bigint('image_id', { mode: 'number' })
      .notNull()
      .references(() => images.id),
    /** Copied from the image so a feed page needs no join to paint its placeholders. */
    dominantColor: text('dominant_color').notNull(),
    /** Media key of the MP4 of a video pin; `imageId` is then its poster frame. */
    videoKey: text('video_key'),
    videoDurationMs: integer('video_duration_ms'),
    /** Pages of an idea pin (pin_story_pages); 0 for every other pin. */
    storyPageCount: smallint('story_page_count').notNull().default(0),
    embedSrc: text('embed_src'),
    embedType: text('embed_type'),
    viaPinId: bigint('via_pin_id', { mode: 'number' }),
    viaPinnerId: bigint('via_pinner_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    /**
     * Who made the picture's first pin, kept along a chain of saves (a save of a save credits
     * the creator, not the person in between; decision 44). Null on pins that are not saves.
     */
    originPinnerId: bigint('origin_pinner_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    createdMethod: text('created_method', { enum: PIN_CREATED_METHODS }).notNull(),
    repinCount: integer('repin_count').notNull().default(0),
    /**
     * What search matches (decision 27): title A, board name and hashtags B, description C,
     * English. Kept by the triggers of migration 0010 (pin writes and board renames), never
     * written by the app.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .default(sql`''::tsvector`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When an operator removed it (decision 54): then only its pinner sees it, on its closeup,
     * and no count counts it (the count trigger of migration 0029).
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    // Lists read these newest first (`order by id desc`) by scanning them backwards. Not
    // `t.id.desc()`: that is `desc nulls last`, which an `order by id desc` (nulls first) cannot
    // use, so PostgreSQL walked the whole primary key instead (migration 0015).
    index('pins_board_id_idx').on(t.boardId, t.id),
    index('pins_section_id_idx').on(t.sectionId, t.id),
    index('pins_pinner_id_idx').on(t.pinnerId, t.id),
    // The home feed shows a picture once: it looks up a picture's newer pins (decision 30).
    index('pins_image_id_idx').on(t.imageId, t.id.desc()),
    // The home feed's test 'a followed board or person has this picture': one probe per board or
    // person the viewer follows, however many copies the picture has (migration 0017).
    index('pins_board_image_idx').on(t.boardId, t.imageId),
    index('pins_pinner_image_idx').on(t.pinnerId, t.imageId),
    index('pins_via_pin_id_idx').on(t.viaPinId),
    // One pin saved to one board stays one pin, however many times (or people) save it there:
    // saves insert with ON CONFLICT on this index (modules/pins/repin.repository.ts).
    uniqueIndex('pins_board_via_pin_key')
      .on(t.boardId, t.viaPinId)
      .where(sql`${t.viaPinId} is not null`),
    // A small pending list, as the search vector's: every lookup reads it (migration 0016).
    index('pins_hashtags_idx').using('gin', t.hashtags).with({ gin_pending_list_limit: 64 }),
    // A small pending list (migration 0012): every search reads it in full until it is merged.
    index('pins_search_vector_idx').using('gin', t.searchVector).with({ gin_pending_list_limit: 64 }),
    // The typeahead's pin-title queries by prefix.
    index('pins_title_prefix_idx').on(sql`lower(${t.title}) text_pattern_ops`),
  ],
);

/**
 * How many pins each person has on each board, whatever their status or the board's privacy,
 * kept by the pin count trigger in the pin write's transaction (migration 0017): a profile
 * counts the pins a viewer may not see from these rows, one per board the person pinned to,
 * instead of reading the pins (`policies/counts.ts`).
 */
export const boardPinnerCounts = pgTable(
  'board_pinner_counts',
  {
    pinnerId: bigint('pinner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    boardId: bigint('board_id', { mode: 'number' })
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    pinCount: integer('pin_count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.pinnerId, t.boardId] }),
    // A board's delete removes its rows (the foreign key's cascade looks them up by board).
    index('board_pinner_counts_board_idx').on(t.boardId),
  ],
);
