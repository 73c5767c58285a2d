import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { BOARD_PRIVACIES } from '@pinboard/shared';
import { images } from './images.ts';
import { users } from './users.ts';

export const boards = pgTable(
  'boards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    privacy: text('privacy', { enum: BOARD_PRIVACIES }).notNull().default('public'),
    /** Set by a trigger when the board has at least one collaborator. */
    isCollaborative: boolean('is_collaborative').notNull().default(false),
    /** Whether collaborators may invite others. */
    collaboratorInvitesEnabled: boolean('collaborator_invites_enabled').notNull().default(true),
    layout: text('layout', { enum: ['default', 'custom'] })
      .notNull()
      .default('default'),
    coverImageId: bigint('cover_image_id', { mode: 'number' }).references(() => images.id, {
      onDelete: 'set null',
    }),
    hasCustomCover: boolean('has_custom_cover').notNull().default(false),
    /** Position in the owner's custom board order (sort=custom). */
    customPosition: integer('custom_position'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** When an operator removed it (decision 54): then only its owner sees it, as a secret board. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    pinCount: integer('pin_count').notNull().default(0),
    sectionCount: integer('section_count').notNull().default(0),
    followerCount: integer('follower_count').notNull().default(0),
    collaboratorCount: integer('collaborator_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastPinnedToAt: timestamp('last_pinned_to_at', { withTimezone: true }),
    boardOrderModifiedAt: timestamp('board_order_modified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('boards_owner_slug_key').on(t.ownerId, t.slug),
    index('boards_owner_last_pinned_idx').on(
      t.ownerId,
      sql`coalesce(${t.lastPinnedToAt}, ${t.createdAt}) desc`,
      t.id,
    ),
    index('boards_owner_name_idx').on(t.ownerId, sql`lower(${t.name})`, t.id),
    // Board search (decision 27): this exact expression is boardTextVector in search.
    index('boards_text_search_idx').using(
      'gin',
      sql`(setweight(to_tsvector('english', ${t.name}), 'A') || setweight(to_tsvector('english', ${t.description}), 'B'))`,
    ),
    index('boards_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

export const boardSections = pgTable(
  'board_sections',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    boardId: bigint('board_id', { mode: 'number' })
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    position: integer('position').notNull().default(0),
    pinCount: integer('pin_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('board_sections_board_slug_key').on(t.boardId, t.slug),
    index('board_sections_board_position_idx').on(t.boardId, t.position, t.id),
  ],
);
