import type { NotificationKind } from '@pinboard/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { selectRows } from '../../db/sql-helpers.ts';
import { emailDigests, notificationMailRetries, userSurveys } from '../../db/schema/email.ts';
import { users } from '../../db/schema/users.ts';
import { mailableAccountAs } from '../../policies/visibility.ts';

/** A person as a mail's recipient: their address, and whether they may be sent notification mail. */
export interface MailRecipient {
  id: number;
  email: string | null;
  username: string;
  mailable: boolean;
  createdAt: Date;
}

export async function findMailRecipient(db: Executor, userId: number): Promise<MailRecipient | null> {
  const [row] = await selectRows<{
    id: string | number;
    email: string | null;
    username: string;
    mailable: boolean;
    created_at: Date | string;
  }>(
    db,
    sql`select u.id, u.email, u.username, u.created_at, (${mailableAccountAs('u')}) as mailable
      from ${users} u where u.id = ${userId}`,
  );
  return row
    ? {
        id: Number(row.id),
        email: row.email,
        username: row.username,
        mailable: row.mailable,
        createdAt: new Date(row.created_at),
      }
    : null;
}

/** Whether the invitation was made to an address (its own mail already told the person). */
export async function isInviteByEmail(db: Executor, inviteId: number): Promise<boolean> {
  const [row] = await selectRows<{ by_email: boolean }>(
    db,
    sql`select invitee_email is not null as by_email from board_invites where id = ${inviteId}`,
  );
  return row?.by_email ?? false;
}

/**
 * People who may be mailed, have a notification from [start, end) and no digest of `day` yet:
 * the digest job's candidates (the claim decides who sends).
 */
export async function listDigestCandidates(
  db: Executor,
  window: { day: string; start: Date; end: Date; limit: number },
): Promise<number[]> {
  // From the day's notifications (by `notifications_created_at_idx`), not from every account.
  const rows = await selectRows<{ id: string | number }>(
    db,
    sql`select distinct n.recipient_id as id from notifications n
      join ${users} u on u.id = n.recipient_id
      where n.created_at >= ${window.start.toISOString()}::timestamptz
        and n.created_at < ${window.end.toISOString()}::timestamptz
        and ${mailableAccountAs('u')}
        and not exists (select 1 from ${emailDigests} d where d.user_id = n.recipient_id and d.day = ${window.day}::date)
      order by 1
      limit ${window.limit}`,
  );
  return rows.map((row) => Number(row.id));
}

/** Claims a person's digest of a day: true for exactly one caller, however many try at once. */
export async function claimDigest(db: Executor, userId: number, day: string): Promise<boolean> {
  const rows = await db
    .insert(emailDigests)
    .values({ userId, day })
    .onConflictDoNothing()
    .returning({ userId: emailDigests.userId });
  return rows.length === 1;
}

/** The digest went out (or had nothing to tell): `items` listed. */
export async function finishDigest(db: Executor, userId: number, day: string, items: number, sent: boolean) {
  await db
    .update(emailDigests)
    .set({ items, sentAt: sent ? new Date() : null })
    .where(sql`${emailDigests.userId} = ${userId} and ${emailDigests.day} = ${day}::date`);
}

/** Gives a claim back (its mail failed), so the next run tries again. */
export async function releaseDigest(db: Executor, userId: number, day: string) {
  await db
    .delete(emailDigests)
    .where(sql`${emailDigests.userId} = ${userId} and ${emailDigests.day} = ${day}::date`);
}

export async function insertSurvey(
  db: Executor,
  answer: { userId: number; satisfaction: number; uses: string[]; text: string; via: 'mail' | 'session' },
): Promise<void> {
  await db.insert(userSurveys).values(answer);
}

/** The newest survey answers first, with the person's username. */
export async function listSurveys(db: Executor, limit: number) {
  return db
    .select({
      id: userSurveys.id,
      username: users.username,
      satisfaction: userSurveys.satisfaction,
      uses: userSurveys.uses,
      text: userSurveys.text,
      via: userSurveys.via,
      createdAt: userSurveys.createdAt,
    })
    .from(userSurveys)
    .innerJoin(users, eq(users.id, userSurveys.userId))
    .orderBy(desc(userSurveys.createdAt), desc(userSurveys.id))
    .limit(limit);
}

/** A failed instant mail's retry: the notification row it was for, and how it has gone. */
export interface MailRetry {
  recipientId: number;
  groupKey: string;
  kind: NotificationKind;
  inviteId: number | null;
  attempts: number;
}

/** Keeps a failed instant mail for a later try; a group already waiting keeps its one row. */
export async function insertMailRetry(
  db: Executor,
  retry: Omit<MailRetry, 'attempts'> & { nextAttemptAt: Date; error: string },
): Promise<void> {
  await db
    .insert(notificationMailRetries)
    .values({
      recipientId: retry.recipientId,
      groupKey: retry.groupKey,
      kind: retry.kind,
      inviteId: retry.inviteId,
      nextAttemptAt: retry.nextAttemptAt,
      lastError: retry.error,
    })
    .onConflictDoNothing();
}

/**
 * Claims up to `limit` retries due at `now` by moving their time to `leaseUntil`: rows another
 * instance is claiming at the same moment are skipped (`skip locked`), and a claimed row is not
 * due again until its lease ends, so each try is made by one instance. An instance that dies
 * mid-try leaves the row to be tried again once the lease is over.
 */
export async function claimDueMailRetries(
  db: Executor,
  window: { now: Date; leaseUntil: Date; limit: number },
): Promise<MailRetry[]> {
  const rows = await selectRows<{
    recipient_id: string | number;
    group_key: string;
    kind: NotificationKind;
    invite_id: string | number | null;
    attempts: number;
  }>(
    db,
    sql`update ${notificationMailRetries} r set next_attempt_at = ${window.leaseUntil.toISOString()}::timestamptz
      where (r.recipient_id, r.group_key) in (
        select d.recipient_id, d.group_key from ${notificationMailRetries} d
        where d.next_attempt_at <= ${window.now.toISOString()}::timestamptz
        order by d.next_attempt_at
        limit ${window.limit}
        for update skip locked)
      returning r.recipient_id, r.group_key, r.kind, r.invite_id, r.attempts`,
  );
  return rows.map((row) => ({
    recipientId: Number(row.recipient_id),
    groupKey: row.group_key,
    kind: row.kind,
    inviteId: row.invite_id === null ? null : Number(row.invite_id),
    attempts: row.attempts,
  }));
}

const retryKey = (retry: Pick<MailRetry, 'recipientId' | 'groupKey'>) =>
  and(
    eq(notificationMailRetries.recipientId, retry.recipientId),
    eq(notificationMailRetries.groupKey, retry.groupKey),
  );

/** The retry is over: sent, nothing left to send, or given up. */
export async function deleteMailRetry(db: Executor, retry: Pick<MailRetry, 'recipientId' | 'groupKey'>) {
  await db.delete(notificationMailRetries).where(retryKey(retry));
}

/** Another failed try: counted, and due again at `nextAttemptAt`. */
export async function postponeMailRetry(
  db: Executor,
  retry: Pick<MailRetry, 'recipientId' | 'groupKey'>,
  next: { attempts: number; nextAttemptAt: Date; error: string },
) {
  await db
    .update(notificationMailRetries)
    .set({ attempts: next.attempts, nextAttemptAt: next.nextAttemptAt, lastError: next.error })
    .where(retryKey(retry));
}
