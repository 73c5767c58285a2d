import type { Viewer } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { presentUserSummary } from './users.presenter.ts';
import { findUserSummaryById } from './viewer.repository.ts';

const VISITOR: Viewer = { type: 'UNAUTH', user: null };

/**
 * Who is looking: the signed-in user, or a visitor. A session whose account stopped being
 * active between the session check and this read counts as a visitor, never as an error.
 */
export async function getViewer(db: Executor, viewerId: number | null): Promise<Viewer> {
  if (viewerId === null) return VISITOR;
  const row = await findUserSummaryById(db, viewerId);
  return row ? { type: 'AUTH', user: presentUserSummary(row) } : VISITOR;
}
