import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { ModerationAction, ReportObjectType, ReportReason } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { ageAppeals, appeals, moderationDecisions, reports } from '../../db/schema/pin-feedback.ts';
import { users } from '../../db/schema/users.ts';

export type ReportRow = typeof reports.$inferSelect;
export type DecisionRow = typeof moderationDecisions.$inferSelect;
export type AppealRow = typeof appeals.$inferSelect;
export type AgeAppealRow = typeof ageAppeals.$inferSelect;

/** The most rows a person's own lists show (newest first). */
export const OWN_LIST_LIMIT = 100;

export async function listOpenReports(db: Executor): Promise<(ReportRow & { reporter: string })[]> {
  const rows = await db
    .select({ report: reports, reporter: users.username })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(eq(reports.status, 'open'))
    .orderBy(reports.id);
  return rows.map((row) => ({ ...row.report, reporter: row.reporter }));
}

export async function findReport(
  db: Executor,
  id: number,
  options: { lock?: boolean } = {},
): Promise<(ReportRow & { reporter: string }) | null> {
  const query = db
    .select({ report: reports, reporter: users.username })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(eq(reports.id, id));
  const [row] = options.lock ? await query.for('update', { of: reports }) : await query;
  return row ? { ...row.report, reporter: row.reporter } : null;
}

export async function findDecision(db: Executor, id: number): Promise<DecisionRow | null> {
  const [row] = await db.select().from(moderationDecisions).where(eq(moderationDecisions.id, id));
  return row ?? null;
}

export async function insertDecision(
  db: Executor,
  decision: {
    objectType: ReportObjectType;
    objectId: number;
    ownerId: number;
    action: ModerationAction;
    reason: ReportReason;
    note: string | null;
  },
): Promise<DecisionRow> {
  const [row] = await db.insert(moderationDecisions).values(decision).returning();
  return row!;
}

/** Closes every open report of the object with the decision; answers their reporters. */
export async function closeOpenReportsOf(
  db: Executor,
  object: { type: ReportObjectType; id: number },
  decisionId: number | null,
): Promise<{ id: number; reporterId: number }[]> {
  return db
    .update(reports)
    .set({ status: 'closed', decisionId, resolvedAt: sql`now()` })
    .where(
      and(eq(reports.objectType, object.type), eq(reports.objectId, object.id), eq(reports.status, 'open')),
    )
    .returning({ id: reports.id, reporterId: reports.reporterId });
}

/** The removal now in force of a pin: its latest 'remove' decision and that decision's appeal. */
export async function findRemovalOf(
  db: Executor,
  object: { type: ReportObjectType; id: number },
): Promise<{ decision: DecisionRow; appeal: AppealRow | null } | null> {
  const [row] = await db
    .select({ decision: moderationDecisions, appeal: appeals })
    .from(moderationDecisions)
    .leftJoin(appeals, eq(appeals.decisionId, moderationDecisions.id))
    .where(
      and(
        eq(moderationDecisions.objectType, object.type),
        eq(moderationDecisions.objectId, object.id),
        eq(moderationDecisions.action, 'remove'),
      ),
    )
    .orderBy(desc(moderationDecisions.id))
    .limit(1);
  return row ?? null;
}

/** What the closeup tells the pinner of a removed pin (`Pin.removal`). */
export function findRemovalOfPin(db: Executor, pinId: number) {
  return findRemovalNotice(db, { type: 'pin', id: pinId });
}

/** What its owner is told of a removed object (`Pin.removal`, `Comment.removal`). */
export async function findRemovalNotice(db: Executor, object: { type: ReportObjectType; id: number }) {
  const removal = await findRemovalOf(db, object);
  if (!removal) return null;
  return {
    violation_id: String(removal.decision.id),
    reason: removal.decision.reason,
    appeal: removal.appeal ? { id: String(removal.appeal.id), status: removal.appeal.status } : null,
  };
}

/** The appeal of a decision, if one was made; a second insert answers null (one per decision). */
export async function insertAppeal(
  db: Executor,
  appeal: { decisionId: number; appellantId: number; reason: string },
): Promise<AppealRow | null> {
  const [row] = await db.insert(appeals).values(appeal).onConflictDoNothing().returning();
  return row ?? null;
}

export async function listPendingAppeals(db: Executor) {
  return db
    .select({ appeal: appeals, decision: moderationDecisions, appellant: users.username })
    .from(appeals)
    .innerJoin(moderationDecisions, eq(moderationDecisions.id, appeals.decisionId))
    .innerJoin(users, eq(users.id, appeals.appellantId))
    .where(eq(appeals.status, 'pending'))
    .orderBy(appeals.id);
}

export async function findAppeal(db: Executor, id: number) {
  const [row] = await db
    .select({ appeal: appeals, decision: moderationDecisions })
    .from(appeals)
    .innerJoin(moderationDecisions, eq(moderationDecisions.id, appeals.decisionId))
    .where(eq(appeals.id, id));
  return row ?? null;
}

/** Decides a pending appeal; null when it was decided already (by another operator meanwhile). */
export async function decideAppeal(
  db: Executor,
  id: number,
  status: 'restored' | 'upheld',
): Promise<AppealRow | null> {
  const [row] = await db
    .update(appeals)
    .set({ status, decidedAt: sql`now()` })
    .where(and(eq(appeals.id, id), eq(appeals.status, 'pending')))
    .returning();
  return row ?? null;
}

/** A person's appeals, newest first. */
export async function listAppealsOf(db: Executor, userId: number) {
  return db
    .select({ appeal: appeals, decision: moderationDecisions })
    .from(appeals)
    .innerJoin(moderationDecisions, eq(moderationDecisions.id, appeals.decisionId))
    .where(eq(appeals.appellantId, userId))
    .orderBy(desc(appeals.id))
    .limit(OWN_LIST_LIMIT);
}

/** The reports a person made, newest first, with the decision that closed each. */
export async function listReportsBy(db: Executor, userId: number) {
  return db
    .select({ report: reports, action: moderationDecisions.action })
    .from(reports)
    .leftJoin(moderationDecisions, eq(moderationDecisions.id, reports.decisionId))
    .where(eq(reports.reporterId, userId))
    .orderBy(desc(reports.id))
    .limit(OWN_LIST_LIMIT);
}

/** Decisions against a person's things other than dismissals, newest first, with their appeals. */
export async function listViolationsOf(db: Executor, userId: number) {
  return db
    .select({ decision: moderationDecisions, appeal: appeals })
    .from(moderationDecisions)
    .leftJoin(appeals, eq(appeals.decisionId, moderationDecisions.id))
    .where(and(eq(moderationDecisions.ownerId, userId), ne(moderationDecisions.action, 'dismiss')))
    .orderBy(desc(moderationDecisions.id))
    .limit(OWN_LIST_LIMIT);
}

export async function insertAgeAppeal(
  db: Executor,
  appeal: { email: string; birthday: string; keyDigest: string },
): Promise<AgeAppealRow> {
  const [row] = await db.insert(ageAppeals).values(appeal).returning();
  return row!;
}

export async function findAgeAppeal(db: Executor, id: number): Promise<AgeAppealRow | null> {
  const [row] = await db.select().from(ageAppeals).where(eq(ageAppeals.id, id));
  return row ?? null;
}

export async function listPendingAgeAppeals(db: Executor): Promise<AgeAppealRow[]> {
  return db.select().from(ageAppeals).where(eq(ageAppeals.status, 'pending')).orderBy(ageAppeals.id);
}

export async function decideAgeAppeal(
  db: Executor,
  id: number,
  status: 'approved' | 'denied',
): Promise<AgeAppealRow | null> {
  const [row] = await db
    .update(ageAppeals)
    .set({ status, decidedAt: sql`now()` })
    .where(and(eq(ageAppeals.id, id), eq(ageAppeals.status, 'pending')))
    .returning();
  return row ?? null;
}
