import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL's tsvector, read as its text form (the app never reads it). */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});
