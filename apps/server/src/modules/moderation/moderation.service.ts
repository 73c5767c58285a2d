import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  AgeAppeal,
  Appeal,
  CreateAgeAppeal,
  CreateAppeal,
  ModerationAction,
  ReportObjectType,
  ReportReason,
  ReportsAndViolations,
} from '@pinboard/shared';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { clearSignedOutAnswers } from '../../lib/signed-out-answers.ts';
import { suspendAccountById } from '../auth/account-status.service.ts';
import { notifyModeration } from '../notifications/notify.ts';
import { MODERATED_OBJECTS, type ModeratedObject, type ObjectSummary } from './moderated-objects.ts';
import {
  closeOpenReportsOf,
  decideAgeAppeal,
  decideAppeal,
  findAgeAppeal,
  findAppeal,
  findRemovalOf,
  findReport,
  insertAgeAppeal,
  insertAppeal,
  insertDecision,
  listAppealsOf,
  listReportsBy,
  listViolationsOf,
  type AgeAppealRow,
} from './moderation.repository.ts';

/** A moderation step that cannot be taken as asked: the operator is told why, nothing changed. */
export class ModerationError extends Error {}

/** How notices name a report reason. */
const REASON_WORDS: Record<ReportReason, string> = {
  spam: 'spam',
  nudity: 'nudity or pornography',
  self_harm: 'self-harm',
  misinformation: 'misinformation',
  hateful: 'hateful activities',
  harassment: 'harassment or privacy violations',
  violence: 'graphic violence',
  intellectual_property: 'intellectual property',
  other: 'safety',
};

function handlerOf(type: ReportObjectType): ModeratedObject {
  const handler = MODERATED_OBJECTS[type];
  if (!handler) throw new ModerationError(`Moderation of ${type} reports is not available yet.`);
  return handler;
}

const OWNER_NOTICE: Record<Exclude<ModerationAction, 'dismiss'>, (noun: string, reason: string) => string> = {
  remove: (noun, reason) =>
    `We removed your ${noun} because it goes against our Community Guidelines on ${reason}. You can appeal this decision.`,
  warn: (noun, reason) =>
    `This is a warning: your ${noun} goes against our Community Guidelines on ${reason}. Repeated violations can lead to a suspension.`,
  suspend: (noun, reason) =>
    `Your account was suspended because your ${noun} goes against our Community Guidelines on ${reason}.`,
};

const REPORTER_NOTICE: Record<ModerationAction, (noun: string) => string> = {
  remove: (noun) => `Thanks for your report. We reviewed the ${noun} you reported and removed it.`,
  warn: (noun) => `Thanks for your report. We reviewed the ${noun} you reported and warned its owner.`,
  suspend: (noun) => `Thanks for your report. We reviewed the ${noun} you reported and suspended its owner.`,
  dismiss: (noun) =>
    `Thanks for your report. We reviewed the ${noun} you reported and found it does not go against our Community Guidelines.`,
};

export interface Resolution {
  /** Null when the object no longer exists (its reports are only closed). */
  decisionId: number | null;
  action: ModerationAction;
  reportsClosed: number;
  ownerId: number | null;
  effect: string;
}

/**
 * `reports resolve ID --action …`: the operator's decision on the report's object. It closes every
 * open report of that object, takes the action, and tells the owner (unless dismissed) and each
 * reporter of the outcome. Visitors' cached answers are cleared by the admin command runner.
 */
export async function resolveReport(
  db: Database,
  reportId: number,
  action: ModerationAction,
  note: string | null,
): Promise<Resolution> {
  const result = await db.transaction(async (tx) => {
    // Locked, so that two operators cannot resolve it at once.
    const row = await findReport(tx, reportId, { lock: true });
    if (!row) throw new ModerationError(`There is no report ${reportId}.`);
    if (row.status !== 'open')
      throw new ModerationError(`Report ${reportId} is already closed; nothing changed.`);
    const handler = handlerOf(row.objectType);
    const ownerId = await handler.ownerOf(tx, row.objectId);
    const object = { type: row.objectType, id: row.objectId };
    if (ownerId === null) {
      // Gone (deleted by its owner): there is nothing to act on, only the reports to close.
      if (action !== 'dismiss') {
        throw new ModerationError(
          `The ${row.objectType} ${row.objectId} no longer exists; resolve the report with --action dismiss.`,
        );
      }
      const closed = await closeOpenReportsOf(tx, object, null);
      return { row, handler, ownerId, decision: null, closed, effect: 'the object no longer exists' };
    }
    if (action === 'remove' && !handler.remove) {
      throw new ModerationError(`A ${row.objectType} cannot be removed; use --action suspend or warn.`);
    }
    const decision = await insertDecision(tx, {
      objectType: row.objectType,
      objectId: row.objectId,
      ownerId,
      action,
      reason: row.reason,
      note,
    });
    const closed = await closeOpenReportsOf(tx, object, decision.id);
    let effect = 'nothing else changed';
    if (action === 'remove') {
      await handler.remove!(tx, row.objectId);
      effect = `${row.objectType} ${row.objectId} removed (only its owner sees it)`;
    }
    return { row, handler, ownerId, decision, closed, effect };
  });
  const { row, handler, ownerId, decision, closed } = result;
  let effect = result.effect;
  if (action === 'suspend' && ownerId !== null) {
    const change = await suspendAccountById(db, ownerId);
    effect = change.changed
      ? `account ${ownerId} suspended, ${change.sessionsEnded} session(s) ended`
      : `account ${ownerId} was already suspended`;
  } else if (action === 'warn') {
    effect = `owner ${ownerId} warned`;
  }
  // After the commit: a notice that failed must not undo the decision (decision 50).
  if (action !== 'dismiss' && ownerId !== null && decision) {
    await notifyModeration(db, {
      recipientId: ownerId,
      key: `decision:${decision.id}`,
      message: OWNER_NOTICE[action](handler.noun, REASON_WORDS[row.reason]),
    });
  }
  for (const report of closed) {
    await notifyModeration(db, {
      recipientId: report.reporterId,
      key: `report:${report.id}`,
      message: REPORTER_NOTICE[action](handler.noun),
    });
  }
  clearSignedOutAnswers();
  return { decisionId: decision?.id ?? null, action, reportsClosed: closed.length, ownerId, effect };
}

/**
 * `POST /v3/appeals/`: the owner of a removed object asks for it back, once per removal. What the
 * viewer does not own, or was not removed, cannot be appealed (`appeal_not_allowed`: a removed
 * object of someone else is not named to them as such).
 */
export async function createAppeal(db: Database, viewerId: number, body: CreateAppeal): Promise<Appeal> {
  const objectId = Number(body.object_id);
  const handler = MODERATED_OBJECTS[body.object_type];
  const owner = handler ? await handler.ownerOf(db, objectId) : null;
  const removal =
    owner === viewerId ? await findRemovalOf(db, { type: body.object_type, id: objectId }) : null;
  if (!handler?.isRemoved || !removal || !(await handler.isRemoved(db, objectId))) {
    throw new AppError('appeal_not_allowed');
  }
  const appeal = await insertAppeal(db, {
    decisionId: removal.decision.id,
    appellantId: viewerId,
    reason: body.reason,
  });
  if (!appeal) throw new AppError('appeal_exists');
  return presentAppeal(appeal, removal.decision, await handler.summary(db, objectId));
}

function presentAppeal(
  appeal: { id: number; reason: string; status: Appeal['status']; createdAt: Date; decidedAt: Date | null },
  decision: { objectType: ReportObjectType; objectId: number; reason: ReportReason },
  object: ObjectSummary | null,
): Appeal {
  return {
    id: String(appeal.id),
    object_type: decision.objectType,
    object_id: String(decision.objectId),
    violation: decision.reason,
    reason: appeal.reason,
    status: appeal.status,
    created_at: appeal.createdAt.toISOString(),
    decided_at: appeal.decidedAt?.toISOString() ?? null,
    object,
  };
}

/** `GET /v3/appeals/`: the viewer's appeals with their outcomes, newest first. */
export async function listMyAppeals(db: Executor, viewerId: number): Promise<{ items: Appeal[] }> {
  const rows = await listAppealsOf(db, viewerId);
  const items = await Promise.all(
    rows.map(async ({ appeal, decision }) =>
      presentAppeal(appeal, decision, await summaryOf(db, decision.objectType, decision.objectId)),
    ),
  );
  return { items };
}

function summaryOf(db: Executor, type: ReportObjectType, id: number): Promise<ObjectSummary | null> {
  return MODERATED_OBJECTS[type]?.summary(db, id) ?? Promise.resolve(null);
}

/** `GET /v3/reports/`: the reports the viewer made and the violations against them, with outcomes. */
export async function listReportsAndViolations(
  db: Executor,
  viewerId: number,
): Promise<ReportsAndViolations> {
  const [made, against] = await Promise.all([listReportsBy(db, viewerId), listViolationsOf(db, viewerId)]);
  const violations = await Promise.all(
    against.map(async ({ decision, appeal }) => ({
      id: String(decision.id),
      object_type: decision.objectType,
      object_id: String(decision.objectId),
      reason: decision.reason,
      action: decision.action as 'remove' | 'warn' | 'suspend',
      note: decision.note,
      created_at: decision.createdAt.toISOString(),
      appeal: appeal ? { id: String(appeal.id), status: appeal.status } : null,
      object: await summaryOf(db, decision.objectType, decision.objectId),
    })),
  );
  return {
    reports: made.map(({ report, action }) => ({
      id: String(report.id),
      object_type: report.objectType,
      object_id: String(report.objectId),
      reason: report.reason,
      status: report.status,
      // Closed without a decision: its object was gone, so nothing was found against it.
      outcome: action ?? (report.status === 'closed' ? 'dismiss' : null),
      created_at: report.createdAt.toISOString(),
      resolved_at: report.resolvedAt?.toISOString() ?? null,
    })),
    violations,
  };
}

/**
 * `appeals resolve ID --outcome restore|uphold`: restore puts the object back (counts follow)
 * and upholding keeps it removed; the owner is told either way.
 */
export async function resolveAppeal(
  db: Database,
  appealId: number,
  outcome: 'restore' | 'uphold',
): Promise<{ objectType: ReportObjectType; objectId: number; appellantId: number }> {
  const found = await findAppeal(db, appealId);
  if (!found) throw new ModerationError(`There is no appeal ${appealId}.`);
  if (found.appeal.status !== 'pending') {
    throw new ModerationError(
      `Appeal ${appealId} was already decided (${found.appeal.status}); nothing changed.`,
    );
  }
  const handler = handlerOf(found.decision.objectType);
  const decided = await db.transaction(async (tx) => {
    const row = await decideAppeal(tx, appealId, outcome === 'restore' ? 'restored' : 'upheld');
    if (!row) throw new ModerationError(`Appeal ${appealId} was already decided; nothing changed.`);
    if (outcome === 'restore') await handler.restore?.(tx, found.decision.objectId);
    return row;
  });
  await notifyModeration(db, {
    recipientId: decided.appellantId,
    key: `appeal:${decided.id}`,
    message:
      outcome === 'restore'
        ? `We reviewed your appeal and restored your ${handler.noun}.`
        : `We reviewed your appeal. Your ${handler.noun} stays removed because it goes against our Community Guidelines on ${REASON_WORDS[found.decision.reason]}.`,
  });
  clearSignedOutAnswers();
  return {
    objectType: found.decision.objectType,
    objectId: found.decision.objectId,
    appellantId: decided.appellantId,
  };
}

// ---------------------------------------------------------------------------------------------
// Age reviews

const digest = (key: string) => createHash('sha256').update(key).digest('hex');

function presentAgeAppeal(row: AgeAppealRow, key?: string): AgeAppeal {
  return {
    id: String(row.id),
    status: row.status,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    ...(key === undefined ? {} : { key }),
  };
}

/**
 * `POST /v3/age-appeals/`: someone the age rule kept from signing up asks for a review of the
 * birthday they give. Answers the review with a key (kept by their browser) to read its outcome.
 */
export async function createAgeAppeal(db: Executor, body: CreateAgeAppeal): Promise<AgeAppeal> {
  const key = randomBytes(24).toString('base64url');
  const row = await insertAgeAppeal(db, {
    email: body.email,
    birthday: body.birthday,
    keyDigest: digest(key),
  });
  return presentAgeAppeal(row, key);
}

/** `GET /v3/age-appeals/{id}/?key=`: the review's state, for the browser holding its key only. */
export async function getAgeAppeal(db: Executor, id: number, key: string): Promise<AgeAppeal> {
  const row = await findAgeAppeal(db, id);
  const given = Buffer.from(digest(key));
  if (!row || !timingSafeEqual(given, Buffer.from(row.keyDigest))) throw new AppError('age_appeal_not_found');
  return presentAgeAppeal(row);
}

/** `age-appeals resolve ID --outcome approve|deny`. */
export async function resolveAgeAppeal(
  db: Executor,
  id: number,
  outcome: 'approve' | 'deny',
): Promise<AgeAppealRow> {
  const row = await findAgeAppeal(db, id);
  if (!row) throw new ModerationError(`There is no age review ${id}.`);
  if (row.status !== 'pending') {
    throw new ModerationError(`Age review ${id} was already decided (${row.status}); nothing changed.`);
  }
  const decided = await decideAgeAppeal(db, id, outcome === 'approve' ? 'approved' : 'denied');
  if (!decided) throw new ModerationError(`Age review ${id} was already decided; nothing changed.`);
  return decided;
}
