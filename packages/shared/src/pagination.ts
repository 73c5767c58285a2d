import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 250;

/** Query fields every paginated list takes. */
export const PageQuerySchema = z.strictObject({
  bookmark: z
    .string()
    .max(512)
    .optional()
    .describe('Opaque cursor from the previous page; absent for the first page.'),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;
