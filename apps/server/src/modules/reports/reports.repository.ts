import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { reports } from '../../db/schema/pin-feedback.ts';

export type ReportRow = typeof reports.$inferSelect;
export type NewReport = Pick<
  typeof reports.$inferInsert,
  'reporterId' | 'objectType' | 'objectId' | 'reason'
>;

/**
 * The reporter's open report of the object: a new one, or the one already open (one per reporter
 * and object, by the partial unique index; a second report of the same object changes nothing).
 */
export async function insertOpenReport(db: Executor, report: NewReport): Promise<ReportRow> {
  const [inserted] = await db.insert(reports).values(report).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [open] = await db
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, report.reporterId),
        eq(reports.objectType, report.objectType),
        eq(reports.objectId, report.objectId),
        eq(reports.status, 'open'),
      ),
    );
  return open!;
}
