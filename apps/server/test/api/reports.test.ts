import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports } from '../../src/db/schema/pin-feedback.ts';
import { dataOf, signedInBrowser } from '../helpers/board-writes.ts';
import { TestBrowser } from '../helpers/browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setup() {
  const reporter = await signedInBrowser(t);
  const owner = await t.make.user();
  const board = await t.make.board(owner.id);
  const pin = await t.make.pin(owner.id, board.id);
  const secretPin = await t.make.pin(owner.id, (await t.make.board(owner.id, { privacy: 'secret' })).id);
  return { reporter, owner, board, pin, secretPin };
}

const reportsOf = (userId: number) => t.db.select().from(reports).where(eq(reports.reporterId, userId));

describe('POST /v3/reports/', () => {
  it('records an open report of a pin, a board and a person; one open report per object', async () => {
    const s = await setup();
    const first = await s.reporter.post('/v3/reports/', {
      object_type: 'pin',
      object_id: String(s.pin.id),
      reason: 'spam',
    });
    expect(first.status).toBe(200);
    expect(dataOf(first)).toMatchObject({
      object_type: 'pin',
      object_id: String(s.pin.id),
      reason: 'spam',
      status: 'open',
    });
    const again = await s.reporter.post('/v3/reports/', {
      object_type: 'pin',
      object_id: String(s.pin.id),
      reason: 'violence',
    });
    expect(dataOf(again).id).toBe(dataOf(first).id);
    await s.reporter.post('/v3/reports/', {
      object_type: 'board',
      object_id: String(s.board.id),
      reason: 'hateful',
    });
    await s.reporter.post('/v3/reports/', {
      object_type: 'user',
      object_id: String(s.owner.id),
      reason: 'harassment',
    });
    const rows = await reportsOf(s.reporter.userId);
    expect(rows.map((row) => [row.objectType, row.reason, row.status]).sort()).toEqual([
      ['board', 'hateful', 'open'],
      ['pin', 'spam', 'open'],
      ['user', 'harassment', 'open'],
    ]);
  });

  it('answers what the reporter may not see as missing, refuses unknown reasons and visitors', async () => {
    const s = await setup();
    const hidden = await s.reporter.post('/v3/reports/', {
      object_type: 'pin',
      object_id: String(s.secretPin.id),
      reason: 'spam',
    });
    expect(hidden.status).toBe(404);
    expect(hidden.body.resource_response.error.code).toBe('pin_not_found');
    const comment = await s.reporter.post('/v3/reports/', {
      object_type: 'comment',
      object_id: '1',
      reason: 'spam',
    });
    expect(comment.status).toBe(404);
    const reason = await s.reporter.post('/v3/reports/', {
      object_type: 'pin',
      object_id: String(s.pin.id),
      reason: 'boring',
    });
    expect(reason.status).toBe(400);
    expect(reason.body.resource_response.error.field).toBe('reason');
    const visitor = await new TestBrowser(t).post('/v3/reports/', {
      object_type: 'pin',
      object_id: String(s.pin.id),
      reason: 'spam',
    });
    expect(visitor.status).toBe(401);
    expect(await reportsOf(s.reporter.userId)).toEqual([]);
  });
});
