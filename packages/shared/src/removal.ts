import { z } from 'zod';
import { IdSchema } from './ids.ts';

/**
 * Why an operator removed something of the viewer's (a pin, a board, a comment), answered to its owner
 * alone, and the appeal once made (decision 54).
 */
export const RemovalSchema = z.object({
  violation_id: IdSchema,
  /** A report reason (`REPORT_REASONS`). */
  reason: z.string(),
  appeal: z.object({ id: IdSchema, status: z.enum(['pending', 'restored', 'upheld']) }).nullable(),
});
export type Removal = z.infer<typeof RemovalSchema>;
