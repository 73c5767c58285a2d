import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { RenditionName } from '@pinboard/shared';

export interface StoredRendition {
  key: string;
  width: number;
  height: number;
}

/** One stored picture and its renditions (236x, 474x, 736x, orig). */
export const images = pgTable('images', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  /** sha256 of the uploaded bytes: the same picture is stored once. */
  hash: text('hash').notNull().unique(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  dominantColor: text('dominant_color').notNull(),
  mime: text('mime').notNull(),
  byteSize: integer('byte_size').notNull(),
  sizes: jsonb('sizes').$type<Record<RenditionName, StoredRendition>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
