import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Operator overrides: unit '' forces the group for everyone, else for one user or visitor id. */
export const experimentOverrides = pgTable(
  'experiment_overrides',
  {
    experiment: text('experiment').notNull(),
    unitId: text('unit_id').notNull().default(''),
    group: text('group').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.experiment, t.unitId] })],
);
