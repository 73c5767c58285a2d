import type { CreateReport, Report } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { authorize } from '../../policies/authorize.ts';
import { findShownComment } from '../comments/comments.repository.ts';
import { findPinById } from '../pins/pins.repository.ts';
import { findProfilesByIds } from '../users/users.repository.ts';
import { presentReport } from './reports.presenter.ts';
import { insertOpenReport } from './reports.repository.ts';

/** What the viewer reports must be something they may see; else it is missing, as for any read. */
async function assertVisible(db: Executor, viewer: number, body: CreateReport): Promise<void> {
  const id = Number(body.object_id);
  switch (body.object_type) {
    case 'pin':
      if (!(await findPinById(db, id, viewer))) throw new AppError('pin_not_found', { field: 'object_id' });
      return;
    case 'board':
      await authorize(db, viewer, 'read', { board: id });
      return;
    case 'user':
      if ((await findProfilesByIds(db, [id], viewer)).length === 0) {
        throw new AppError('user_not_found', { field: 'object_id' });
      }
      return;
    case 'comment': {
      // A comment the viewer is shown, on a pin they may see (decision 51's rule), not one of theirs
      // an operator already removed.
      const comment = await findShownComment(db, id, viewer);
      const pin = comment && !comment.removed && (await findPinById(db, comment.pinId, viewer));
      if (!pin) throw new AppError('comment_not_found', { field: 'object_id' });
      return;
    }
  }
}

/**
 * `POST /v3/reports/`: records an open report (moderation reads them later). Reporting
 * the same object again while a report of it is open answers that report.
 */
export async function createReport(db: Executor, viewer: number, body: CreateReport): Promise<Report> {
  await assertVisible(db, viewer, body);
  const row = await insertOpenReport(db, {
    reporterId: viewer,
    objectType: body.object_type,
    objectId: Number(body.object_id),
    reason: body.reason,
  });
  return presentReport(row);
}
