import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../src/db/schema/notifications.ts';
import {
  deleteSeenNotificationsBefore,
  NOTIFICATION_RETENTION_DAYS,
  retentionCutoff,
} from '../../src/modules/notifications/retention.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/* Notifications retention (decision 50): seen and older than 180 days go; the rest stay. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;

describe('notifications retention', () => {
  it('deletes seen notifications older than the retention, keeps unseen and recent ones', async () => {
    const recipient = await t.make.user();
    const actor = await t.make.user();
    const now = new Date('2031-06-01T12:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const row = (key: string, createdAt: Date, seenAt: Date | null) => ({
      recipientId: recipient.id,
      kind: 'user_followed' as const,
      actorId: actor.id,
      groupKey: key,
      createdAt,
      seenAt,
    });
    const inserted = await t.db
      .insert(notifications)
      .values([
        row('old-seen', daysAgo(NOTIFICATION_RETENTION_DAYS + 1), daysAgo(NOTIFICATION_RETENTION_DAYS)),
        row('old-unseen', daysAgo(NOTIFICATION_RETENTION_DAYS + 30), null),
        row('recent-seen', daysAgo(NOTIFICATION_RETENTION_DAYS - 1), daysAgo(1)),
        row('recent-unseen', daysAgo(2), null),
      ])
      .returning({ id: notifications.id, groupKey: notifications.groupKey });

    const cutoff = retentionCutoff(now);
    expect(cutoff.toISOString()).toBe(daysAgo(NOTIFICATION_RETENTION_DAYS).toISOString());
    // Two instances at once: each row goes once, and both finish.
    const [first, second] = await Promise.all([
      deleteSeenNotificationsBefore(t.db, cutoff),
      deleteSeenNotificationsBefore(t.db, cutoff),
    ]);
    expect(first + second).toBe(1);
    const left = await t.db
      .select({ groupKey: notifications.groupKey })
      .from(notifications)
      .where(
        inArray(
          notifications.id,
          inserted.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.groupKey).sort()).toEqual(['old-unseen', 'recent-seen', 'recent-unseen']);
    // Again: nothing more to delete among these.
    expect(await deleteSeenNotificationsBefore(t.db, cutoff)).toBe(0);
  });
});
