import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { boards } from './schema/boards.ts';

/** Whether `viewerId` owns or collaborates on the board in the current row of `boards`. */
export function isBoardMember(viewerId: number): SQL {
  return or(
    eq(boards.ownerId, viewerId),
    sql`exists (select 1 from board_collaborators bc where bc.board_id = ${boards.id} and bc.user_id = ${viewerId})`,
  )!;
}

/**
 * Rows of `boards` the viewer may see: public boards, and secret or protected boards only
 * for their owner and collaborators.
 */
export function boardVisibleTo(viewerId: number | null): SQL {
  if (viewerId === null) return eq(boards.privacy, 'public');
  return or(eq(boards.privacy, 'public'), isBoardMember(viewerId))!;
}

/**
 * Rows of `boards` that lists for everyone may show: public, not archived, and owned by an
 * active account.
 */
export function listedPublicBoards(): SQL {
  return and(
    eq(boards.privacy, 'public'),
    isNull(boards.archivedAt),
    sql`exists (select 1 from users o where o.id = ${boards.ownerId} and o.status = 'active')`,
  )!;
}
