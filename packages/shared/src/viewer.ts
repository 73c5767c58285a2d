import { z } from 'zod';
import { UserSummarySchema } from './users.ts';

/**
 * Who is looking, as `GET /v3/users/me/` answers. The sign-in issue adds the LIMITED_LOGIN
 * type, `info` and `client_context` by extending this object, so readers must tolerate more keys.
 */
export const ViewerSchema = z.object({
  type: z.enum(['UNAUTH', 'AUTH']),
  /** The signed-in user; null for a visitor. */
  user: UserSummarySchema.nullable(),
});
export type Viewer = z.infer<typeof ViewerSchema>;
