import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, Mailer } from '../../src/adapters/mail/index.ts';
import { createLocalStorage } from '../../src/adapters/storage/local-storage.ts';
import { ADMIN_USAGE, runAdminCommand } from '../../src/cli/commands.ts';
import { loadConfig } from '../../src/config.ts';
import { countDriftedCounts } from '../../src/db/kept-counts.ts';
import { boards } from '../../src/db/schema/boards.ts';
import { notifications } from '../../src/db/schema/notifications.ts';
import { reports } from '../../src/db/schema/pin-feedback.ts';
import { users } from '../../src/db/schema/users.ts';
import { dataOf, signedInBrowser, type SignedInBrowser } from '../helpers/board-writes.ts';
import { TestBrowser } from '../helpers/browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What the admin commands mailed (the age-review outcomes); `failing` makes the next send throw. */
const mailed: MailMessage[] = [];
let failing = false;
const mailer: Mailer = {
  kind: 'outbox',
  async send(message) {
    if (failing) throw new Error('SMTP is down');
    mailed.push(message);
  },
  async close() {},
};

const admin = (...argv: string[]) => {
  const config = loadConfig({ DATA_DIR: t.dataDir, PUBLIC_URL: 'https://pinboard.test' });
  return runAdminCommand({ db: t.db, config, storage: createLocalStorage(config.mediaDir), mailer }, argv);
};

async function report(browser: SignedInBrowser, objectType: string, id: number, reason = 'spam') {
  const response = await browser.post('/v3/reports/', {
    object_type: objectType,
    object_id: String(id),
    reason,
  });
  expect(response.status).toBe(200);
  return Number(dataOf(response).id);
}

async function setup() {
  const owner = await t.make.user({ username: `owner_${Math.random().toString(36).slice(2, 10)}` });
  const ownerBrowser = await signedInBrowser(t, owner.id);
  const reporter = await signedInBrowser(t);
  const other = await signedInBrowser(t);
  const board = await t.make.board(owner.id, { name: 'Quilts and more' });
  const section = await t.make.section(board.id);
  const pin = await t.make.pin(owner.id, board.id, { title: 'Zebra quilt pattern', sectionId: section.id });
  const kept = await t.make.pin(owner.id, board.id, { title: 'Plain quilt' });
  return { owner, ownerBrowser, reporter, other, board, section, pin, kept };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** The ids of a list answer: the data itself, or the first list in it (search's `results`). */
function ids(response: { status: number; body: { resource_response: { data: unknown } } }): string[] {
  expect(response.status).toBe(200);
  const data = response.body.resource_response.data;
  const list = Array.isArray(data) ? data : Object.values(data as object).find((v) => Array.isArray(v));
  return (list as { id: string }[]).map((item) => item.id);
}

/** Whether `pin` shows to `browser` anywhere a pin is listed: closeup, board, section, profile, search. */
async function seenBy(browser: TestBrowser, s: Setup) {
  const closeup = await browser.get(`/v3/pins/${s.pin.id}/`);
  const boardPins = ids(await browser.get(`/v3/boards/${s.board.id}/pins/`));
  const sectionPins = ids(await browser.get(`/v3/board_sections/${s.section.id}/pins/`));
  const profilePins = ids(await browser.get(`/v3/users/${s.owner.username}/pins/`));
  const search = ids(await browser.get('/v3/search/pins/?q=zebra'));
  const related = ids(await browser.get(`/v3/pins/${s.kept.id}/related/`));
  const id = String(s.pin.id);
  return {
    closeup: closeup.status,
    board: boardPins.includes(id),
    section: sectionPins.includes(id),
    profile: profilePins.includes(id),
    search: search.includes(id),
    related: related.includes(id),
  };
}

async function counts(browser: TestBrowser, s: Setup) {
  const board = dataOf(await browser.get(`/v3/boards/${s.board.id}/`));
  const profile = dataOf(await browser.get(`/v3/users/${s.owner.username}/`));
  return { board: board.pin_count, profile: profile.pin_count };
}

const kindsOf = async (browser: TestBrowser) =>
  (dataOf(await browser.get('/v3/notifications/')) as { kind: string }[]).map((n) => n.kind);

const noticesOf = async (userId: number) =>
  (await t.db.select().from(notifications).where(eq(notifications.recipientId, userId)))
    .filter((n) => n.kind === 'moderation')
    .map((n) => n.message);

describe('admin reports', () => {
  it('is in the usage text', () => {
    expect(ADMIN_USAGE).toContain(
      'reports resolve <id> --action remove|warn|suspend|dismiss [--note <text>]',
    );
    expect(ADMIN_USAGE).toContain('appeals resolve <id> --outcome restore|uphold');
    expect(ADMIN_USAGE).toContain('age-appeals resolve <id> --outcome approve|deny');
  });

  it('lists and shows open reports', async () => {
    const s = await setup();
    const id = await report(s.reporter, 'pin', s.pin.id, 'nudity');
    expect(await admin('reports', 'list')).toContain(`#${id}  pin ${s.pin.id}  nudity  by `);
    const shown = await admin('reports', 'show', String(id));
    expect(shown).toContain(`Report #${id}: pin ${s.pin.id}, reason nudity`);
    expect(shown).toContain(`Object: "Zebra quilt pattern" /pin/${s.pin.id}/; owner account ${s.owner.id}`);
  });

  it('remove: the pin is hidden from everyone but its owner, everywhere, and every count leaves it out', async () => {
    const s = await setup();
    const visitor = new TestBrowser(t);
    const before = await seenBy(visitor, s);
    expect(before).toMatchObject({ closeup: 200, board: true, section: true, profile: true, search: true });
    expect(await counts(visitor, s)).toEqual({ board: 2, profile: 2 });

    // The board's cover came from the pin's picture.
    await t.db.update(boards).set({ coverImageId: s.pin.imageId }).where(eq(boards.id, s.board.id));
    const coverBefore = dataOf(await visitor.get(`/v3/boards/${s.board.id}/`));
    // The reporter follows the board: the pin is in their home feed until it is removed.
    expect((await s.reporter.put(`/v3/boards/${s.board.id}/follow/`)).status).toBe(200);
    expect(ids(await s.reporter.get('/v3/feeds/home/'))).toContain(String(s.pin.id));
    const first = await report(s.reporter, 'pin', s.pin.id, 'spam');
    const second = await report(s.other, 'pin', s.pin.id, 'violence');
    const output = await admin(
      'reports',
      'resolve',
      String(first),
      '--action',
      'remove',
      '--note',
      'spam link',
    );
    expect(output).toContain(`Report #${first} resolved: remove`);
    expect(output).toContain('2 open report(s) of the object closed');

    for (const browser of [visitor, s.reporter, s.other]) {
      expect(await seenBy(browser, s)).toEqual({
        closeup: 404,
        board: false,
        section: false,
        profile: false,
        search: false,
        related: false,
      });
      expect(await counts(browser, s)).toEqual({ board: 1, profile: 1 });
    }
    expect(ids(await s.reporter.get('/v3/feeds/home/'))).not.toContain(String(s.pin.id));
    const coverAfter = dataOf(await visitor.get(`/v3/boards/${s.board.id}/`));
    expect(coverAfter.image_cover_url).not.toBe(coverBefore.image_cover_url);
    const [boardRow] = await t.db.select().from(boards).where(eq(boards.id, s.board.id));
    expect(boardRow!.coverImageId).toBe(s.kept.imageId);
    expect(ids(await visitor.get('/v3/feeds/home/'))).not.toContain(String(s.pin.id));
    const section = dataOf(await visitor.get(`/v3/boards/${s.board.id}/sections/`));
    expect(JSON.stringify(section)).toContain('"pin_count":0');
    expect(await countDriftedCounts(t.db)).toEqual({ users: 0, boards: 0, sections: 0 });

    // Its owner sees it on its closeup, with the removal; not in lists, which count what they show.
    const own = await s.ownerBrowser.get(`/v3/pins/${s.pin.id}/`);
    expect(own.status).toBe(200);
    expect(dataOf(own).removal).toMatchObject({ reason: 'spam', appeal: null });
    expect(await counts(s.ownerBrowser, s)).toEqual({ board: 1, profile: 1 });

    // Both reports are closed with the decision; owner and reporters are told.
    const rows = await t.db.select().from(reports).where(eq(reports.objectId, s.pin.id));
    expect(rows.map((r) => r.status)).toEqual(['closed', 'closed']);
    expect(await noticesOf(s.owner.id)).toEqual([
      'We removed your Pin because it goes against our Community Guidelines on spam. You can appeal this decision.',
    ]);
    expect(await noticesOf(s.reporter.userId)).toEqual([
      'Thanks for your report. We reviewed the Pin you reported and removed it.',
    ]);
    expect(await noticesOf(s.other.userId)).toHaveLength(1);
    const list = dataOf(await s.ownerBrowser.get('/v3/notifications/'));
    expect(JSON.stringify(list)).toContain('We removed your Pin');

    // A closed report cannot be resolved again.
    await expect(admin('reports', 'resolve', String(second), '--action', 'dismiss')).rejects.toThrow(
      `Report ${second} is already closed; nothing changed.`,
    );
  });

  it('remove of a board: only its owner sees it and its pins; profile counts follow', async () => {
    const s = await setup();
    const collaborator = await signedInBrowser(t);
    await t.make.collaborator(s.board.id, collaborator.userId);
    const id = await report(s.reporter, 'board', s.board.id, 'hateful');
    await admin('reports', 'resolve', String(id), '--action', 'remove');
    for (const browser of [new TestBrowser(t), s.reporter, collaborator]) {
      expect((await browser.get(`/v3/boards/${s.board.id}/`)).status).toBe(404);
      expect((await browser.get(`/v3/pins/${s.kept.id}/`)).status).toBe(404);
      const profile = dataOf(await browser.get(`/v3/users/${s.owner.username}/`));
      expect([profile.board_count, profile.pin_count]).toEqual([0, 0]);
    }
    expect((await s.ownerBrowser.get(`/v3/boards/${s.board.id}/`)).status).toBe(200);
    const [row] = await t.db.select().from(boards).where(eq(boards.id, s.board.id));
    expect(row!.removedAt).not.toBeNull();
  });

  it('warn tells the owner; suspend suspends the account; dismiss changes nothing but tells the reporter', async () => {
    const s = await setup();
    const warned = await report(s.reporter, 'pin', s.pin.id, 'misinformation');
    await admin('reports', 'resolve', String(warned), '--action', 'warn');
    expect((await new TestBrowser(t).get(`/v3/pins/${s.pin.id}/`)).status).toBe(200);
    expect(await noticesOf(s.owner.id)).toEqual([
      'This is a warning: your Pin goes against our Community Guidelines on misinformation. Repeated violations can lead to a suspension.',
    ]);

    const dismissed = await report(s.reporter, 'board', s.board.id, 'other');
    await admin('reports', 'resolve', String(dismissed), '--action', 'dismiss');
    expect(await noticesOf(s.owner.id)).toHaveLength(1);
    expect(await noticesOf(s.reporter.userId)).toContain(
      'Thanks for your report. We reviewed the board you reported and found it does not go against our Community Guidelines.',
    );

    const person = await report(s.reporter, 'user', s.owner.id, 'harassment');
    await expect(admin('reports', 'resolve', String(person), '--action', 'remove')).rejects.toThrow(
      'A user cannot be removed; use --action suspend or warn.',
    );
    const output = await admin('reports', 'resolve', String(person), '--action', 'suspend');
    expect(output).toContain(`account ${s.owner.id} suspended`);
    const [row] = await t.db.select().from(users).where(eq(users.id, s.owner.id));
    expect(row!.status).toBe('suspended');
    expect((await new TestBrowser(t).get(`/v3/users/${s.owner.username}/`)).status).toBe(404);

    // The reporter's page: their reports with outcomes. The owner's: the violations.
    const mine = dataOf(await s.reporter.get('/v3/reports/'));
    expect(mine.reports.map((r: { outcome: string }) => r.outcome)).toEqual(['suspend', 'dismiss', 'warn']);
    expect(mine.violations).toEqual([]);
  });

  it('keeps counts exact when the owner of a removed pin is suspended, reactivated, and the board deleted', async () => {
    const s = await setup();
    await admin(
      'reports',
      'resolve',
      String(await report(s.reporter, 'pin', s.pin.id)),
      '--action',
      'remove',
    );
    await admin('suspend', s.owner.email!);
    expect(await countDriftedCounts(t.db)).toEqual({ users: 0, boards: 0, sections: 0 });
    await admin('reactivate', s.owner.email!);
    expect(await countDriftedCounts(t.db)).toEqual({ users: 0, boards: 0, sections: 0 });
    expect(await counts(new TestBrowser(t), s)).toEqual({ board: 1, profile: 1 });
    // Deleting the board (and with it the removed pin) moves no count twice.
    const [before] = await t.db.select().from(users).where(eq(users.id, s.owner.id));
    expect(before!.pinCount).toBe(1);
    // The suspension ended the owner's sessions: a new one.
    const owner = await signedInBrowser(t, s.owner.id);
    expect((await owner.del(`/v3/boards/${s.board.id}/`)).status).toBe(200);
    expect(await countDriftedCounts(t.db)).toEqual({ users: 0, boards: 0, sections: 0 });
    const [after] = await t.db.select().from(users).where(eq(users.id, s.owner.id));
    expect(after!.pinCount).toBe(0);
  });

  it('a report of something since deleted can only be dismissed; its reporters are told', async () => {
    const s = await setup();
    const id = await report(s.reporter, 'pin', s.pin.id, 'spam');
    expect((await s.ownerBrowser.del(`/v3/pins/${s.pin.id}/`)).status).toBe(200);
    await expect(admin('reports', 'resolve', String(id), '--action', 'remove')).rejects.toThrow(
      `The pin ${s.pin.id} no longer exists; resolve the report with --action dismiss.`,
    );
    expect(await admin('reports', 'resolve', String(id), '--action', 'dismiss')).toContain(
      'no decision: nothing to act on',
    );
    expect(await noticesOf(s.reporter.userId)).toHaveLength(1);
    expect(dataOf(await s.reporter.get('/v3/reports/')).reports).toMatchObject([
      { id: String(id), status: 'closed', outcome: 'dismiss' },
    ]);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    await expect(admin('reports', 'resolve', 'abc', '--action', 'remove')).rejects.toThrow(
      /Expected: reports/,
    );
    await expect(admin('reports', 'resolve', '999999', '--action', 'remove')).rejects.toThrow(
      'There is no report 999999.',
    );
    await expect(admin('reports', 'resolve', '1', '--action', 'delete')).rejects.toThrow(/Expected: reports/);
    await expect(admin('reports', 'resolve', '1')).rejects.toThrow(/Expected: reports/);
    await expect(admin('reports', 'show')).rejects.toThrow(/Expected: reports/);
    await expect(admin('appeals', 'resolve', '1', '--outcome', 'maybe')).rejects.toThrow(/Expected: appeals/);
    await expect(admin('age-appeals', 'resolve', '1', '--outcome', 'yes')).rejects.toThrow(
      /Expected: age-appeals/,
    );
  });
});

describe('appeals', () => {
  async function removed() {
    const s = await setup();
    const id = await report(s.reporter, 'pin', s.pin.id, 'spam');
    await admin('reports', 'resolve', String(id), '--action', 'remove');
    return s;
  }

  it('only the owner of a removed pin appeals, once; restore brings it back with its counts', async () => {
    const s = await removed();
    const body = { object_type: 'pin', object_id: String(s.pin.id), reason: 'It is my own quilt pattern.' };
    const stranger = await s.reporter.post('/v3/appeals/', body);
    expect(stranger.status).toBe(409);
    expect(stranger.body.resource_response.error.code).toBe('appeal_not_allowed');
    const notRemoved = await s.ownerBrowser.post('/v3/appeals/', { ...body, object_id: String(s.kept.id) });
    expect(notRemoved.body.resource_response.error.code).toBe('appeal_not_allowed');
    const empty = await s.ownerBrowser.post('/v3/appeals/', { ...body, reason: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.resource_response.error.field).toBe('reason');

    const made = await s.ownerBrowser.post('/v3/appeals/', body);
    expect(made.status).toBe(200);
    expect(dataOf(made)).toMatchObject({ status: 'pending', violation: 'spam', object_type: 'pin' });
    const again = await s.ownerBrowser.post('/v3/appeals/', body);
    expect(again.body.resource_response.error.code).toBe('appeal_exists');
    expect(dataOf(await s.ownerBrowser.get(`/v3/pins/${s.pin.id}/`)).removal.appeal).toMatchObject({
      status: 'pending',
    });
    expect(dataOf(await s.reporter.get('/v3/appeals/')).items).toEqual([]);

    const appealId = dataOf(made).id as string;
    expect(await admin('appeals', 'list')).toContain(`#${appealId}  pin ${s.pin.id}  removed for spam`);
    expect(await admin('appeals', 'resolve', appealId, '--outcome', 'restore')).toContain('restored');
    const visitor = new TestBrowser(t);
    expect(await seenBy(visitor, s)).toMatchObject({
      closeup: 200,
      board: true,
      section: true,
      search: true,
    });
    expect(await counts(visitor, s)).toEqual({ board: 2, profile: 2 });
    expect(await countDriftedCounts(t.db)).toEqual({ users: 0, boards: 0, sections: 0 });
    const mine = dataOf(await s.ownerBrowser.get('/v3/appeals/'));
    expect(mine.items).toMatchObject([
      { id: appealId, status: 'restored', object: { title: 'Zebra quilt pattern' } },
    ]);
    expect(await noticesOf(s.owner.id)).toContain('We reviewed your appeal and restored your Pin.');
    await expect(admin('appeals', 'resolve', appealId, '--outcome', 'uphold')).rejects.toThrow(
      /already decided/,
    );
  });

  it('uphold keeps it removed; the violations page shows the removal with its appeal', async () => {
    const s = await removed();
    const made = await s.ownerBrowser.post('/v3/appeals/', {
      object_type: 'pin',
      object_id: String(s.pin.id),
      reason: 'Please look again.',
    });
    await admin('appeals', 'resolve', dataOf(made).id, '--outcome', 'uphold');
    expect((await new TestBrowser(t).get(`/v3/pins/${s.pin.id}/`)).status).toBe(404);
    const page = dataOf(await s.ownerBrowser.get('/v3/reports/'));
    expect(page.violations).toMatchObject([
      { object_type: 'pin', object_id: String(s.pin.id), action: 'remove', appeal: { status: 'upheld' } },
    ]);
    expect(await noticesOf(s.owner.id)).toContain(
      'We reviewed your appeal. Your Pin stays removed because it goes against our Community Guidelines on spam.',
    );
  });

  it('a removed board tells its owner alone why, takes one appeal, and restore brings it back to everyone', async () => {
    const s = await setup();
    const collaborator = await signedInBrowser(t);
    await t.make.collaborator(s.board.id, collaborator.userId);
    const id = await report(s.reporter, 'board', s.board.id, 'hateful');
    await admin('reports', 'resolve', String(id), '--action', 'remove');
    const byAddress = `/v3/users/${s.owner.username}/boards/${s.board.slug}/`;
    for (const path of [`/v3/boards/${s.board.id}/`, byAddress]) {
      expect(dataOf(await s.ownerBrowser.get(path)).removal).toMatchObject({
        reason: 'hateful',
        appeal: null,
      });
    }
    // A board that was not removed says nothing of removal.
    const other = await t.make.board(s.owner.id, { name: 'Kept board' });
    expect(dataOf(await s.ownerBrowser.get(`/v3/boards/${other.id}/`))).not.toHaveProperty('removal');

    const body = { object_type: 'board', object_id: String(s.board.id), reason: 'These are my own quilts.' };
    for (const browser of [s.reporter, collaborator]) {
      const refused = await browser.post('/v3/appeals/', body);
      expect(refused.body.resource_response.error.code).toBe('appeal_not_allowed');
    }
    const made = await s.ownerBrowser.post('/v3/appeals/', body);
    expect(dataOf(made)).toMatchObject({
      status: 'pending',
      object_type: 'board',
      object: { title: 'Quilts and more' },
    });
    expect(dataOf(await s.ownerBrowser.get(byAddress)).removal.appeal).toMatchObject({ status: 'pending' });
    const appealId = dataOf(made).id as string;
    expect(await admin('appeals', 'list')).toContain(
      `#${appealId}  board ${s.board.id}  removed for hateful`,
    );
    await admin('appeals', 'resolve', appealId, '--outcome', 'restore');
    expect(await noticesOf(s.owner.id)).toContain('We reviewed your appeal and restored your board.');
    for (const browser of [new TestBrowser(t), collaborator]) {
      expect((await browser.get(`/v3/boards/${s.board.id}/`)).status).toBe(200);
    }
    expect(dataOf(await s.ownerBrowser.get(byAddress))).not.toHaveProperty('removal');
  });

  it('lists are signed-in only', async () => {
    const visitor = new TestBrowser(t);
    expect((await visitor.get('/v3/appeals/')).status).toBe(401);
    expect((await visitor.get('/v3/reports/')).status).toBe(401);
  });
});

describe('comments', () => {
  /** The pinner's pin with a comment of `writer`'s, a reply to it, and another top comment. */
  async function commented() {
    const s = await setup();
    const writer = await signedInBrowser(t);
    const replier = await signedInBrowser(t);
    const { username } = (await s.other.viewer()).user;
    const made = await writer.post(`/v3/pins/${s.pin.id}/comments/`, {
      text: `Buy cheap quilts at spam.example @${username}`,
    });
    expect(made.status).toBe(200);
    const commentId = Number(dataOf(made).id);
    const reply = await replier.post(`/v3/pins/${s.pin.id}/comments/`, {
      text: 'Not a quilt',
      parent_id: String(commentId),
    });
    expect(reply.status).toBe(200);
    expect((await s.other.post(`/v3/pins/${s.pin.id}/comments/`, { text: 'Lovely quilt' })).status).toBe(200);
    return { ...s, writer, replier, commentId, otherName: username as string };
  }

  type Commented = Awaited<ReturnType<typeof commented>>;

  /** What `browser` is shown of the pin's comments: the count, and the comment with its replies. */
  async function shownTo(browser: TestBrowser, s: Commented) {
    const data = dataOf(await browser.get(`/v3/pins/${s.pin.id}/comments/`));
    const found = (data.comments as { id: string; reply_count: number }[]).find(
      (c) => c.id === String(s.commentId),
    );
    return { count: data.comment_count as number, comment: found ?? null };
  }

  it('report, remove: hidden from everyone but its writer, who sees the notice; counts leave it out', async () => {
    const s = await commented();
    const visitor = new TestBrowser(t);
    expect(await shownTo(visitor, s)).toMatchObject({ count: 3, comment: { reply_count: 1 } });
    expect(await kindsOf(s.other)).toContain('comment_mentioned');
    const reportId = await report(s.reporter, 'comment', s.commentId, 'spam');
    expect(await admin('reports', 'show', String(reportId))).toContain(
      `Object: "Buy cheap quilts at spam.example @${s.otherName}" /pin/${s.pin.id}/; owner account ${s.writer.userId}`,
    );
    const output = await admin('reports', 'resolve', String(reportId), '--action', 'remove');
    expect(output).toContain(`comment ${s.commentId} removed (only its owner sees it)`);

    // Everyone else: the comment and its thread are gone, and uncounted.
    for (const browser of [visitor, s.reporter, s.ownerBrowser, s.replier]) {
      expect(await shownTo(browser, s)).toEqual({ count: 1, comment: null });
    }
    // Its writer sees it, with the notice, counted for them alone; it takes no likes, replies or deletes.
    const mine = await shownTo(s.writer, s);
    expect(mine).toMatchObject({
      count: 3,
      comment: {
        text: `Buy cheap quilts at spam.example @${s.otherName}`,
        can_delete: false,
        removal: { reason: 'spam', appeal: null },
      },
    });
    const others = dataOf(await s.ownerBrowser.get(`/v3/pins/${s.pin.id}/comments/`)).comments as object[];
    expect(others.every((c) => !('removal' in c))).toBe(true);
    expect((await s.writer.request('PUT', `/v3/comments/${s.commentId}/like/`)).status).toBe(404);
    expect((await s.writer.request('DELETE', `/v3/comments/${s.commentId}/`)).status).toBe(404);
    expect((await s.ownerBrowser.request('DELETE', `/v3/comments/${s.commentId}/`)).status).toBe(404);
    const reply = await s.writer.post(`/v3/pins/${s.pin.id}/comments/`, {
      text: 'Still here',
      parent_id: String(s.commentId),
    });
    expect(reply.body.resource_response.error.code).toBe('comment_parent_not_found');
    // Reporting it again answers as a missing comment, for anyone.
    const again = await s.other.post('/v3/reports/', {
      object_type: 'comment',
      object_id: String(s.commentId),
      reason: 'spam',
    });
    expect(again.body.resource_response.error.code).toBe('comment_not_found');

    expect(await noticesOf(s.writer.userId)).toContain(
      'We removed your comment because it goes against our Community Guidelines on spam. You can appeal this decision.',
    );
    expect(await noticesOf(s.reporter.userId)).toContain(
      'Thanks for your report. We reviewed the comment you reported and removed it.',
    );
    // The mention's notice goes with it; the pinner's of the other comment stays.
    expect(await kindsOf(s.other)).not.toContain('comment_mentioned');
    expect(await kindsOf(s.ownerBrowser)).toContain('pin_commented');
    const reportsPage = dataOf(await s.reporter.get('/v3/reports/'));
    expect(reportsPage.reports).toMatchObject([
      { object_type: 'comment', object_id: String(s.commentId), outcome: 'remove' },
    ]);
    const violations = dataOf(await s.writer.get('/v3/reports/')).violations;
    expect(violations).toMatchObject([
      {
        object_type: 'comment',
        action: 'remove',
        object: { title: `Buy cheap quilts at spam.example @${s.otherName}`, url: `/pin/${s.pin.id}/` },
      },
    ]);
  });

  it('its writer appeals once; restore brings it back to everyone with its thread and counts', async () => {
    const s = await commented();
    await admin(
      'reports',
      'resolve',
      String(await report(s.reporter, 'comment', s.commentId)),
      '--action',
      'remove',
    );
    const body = { object_type: 'comment', object_id: String(s.commentId), reason: 'It was a joke.' };
    expect((await s.reporter.post('/v3/appeals/', body)).body.resource_response.error.code).toBe(
      'appeal_not_allowed',
    );
    expect((await s.ownerBrowser.post('/v3/appeals/', body)).body.resource_response.error.code).toBe(
      'appeal_not_allowed',
    );
    const made = await s.writer.post('/v3/appeals/', body);
    expect(made.status).toBe(200);
    expect(dataOf(made)).toMatchObject({ object_type: 'comment', status: 'pending' });
    expect((await shownTo(s.writer, s)).comment).toMatchObject({
      removal: { appeal: { status: 'pending' } },
    });
    const appealId = dataOf(made).id as string;
    expect(await admin('appeals', 'list')).toContain(
      `#${appealId}  comment ${s.commentId}  removed for spam`,
    );
    await admin('appeals', 'resolve', appealId, '--outcome', 'restore');
    for (const browser of [new TestBrowser(t), s.reporter, s.writer]) {
      const shown = await shownTo(browser, s);
      expect(shown).toMatchObject({ count: 3, comment: { reply_count: 1 } });
      expect(shown.comment).not.toHaveProperty('removal');
    }
    expect(await noticesOf(s.writer.userId)).toContain('We reviewed your appeal and restored your comment.');
  });

  it('uphold keeps it removed', async () => {
    const s = await commented();
    await admin(
      'reports',
      'resolve',
      String(await report(s.reporter, 'comment', s.commentId)),
      '--action',
      'remove',
    );
    const made = await s.writer.post('/v3/appeals/', {
      object_type: 'comment',
      object_id: String(s.commentId),
      reason: 'Please look again.',
    });
    await admin('appeals', 'resolve', dataOf(made).id, '--outcome', 'uphold');
    expect(await shownTo(s.reporter, s)).toEqual({ count: 1, comment: null });
    expect((await shownTo(s.writer, s)).comment).toMatchObject({ removal: { appeal: { status: 'upheld' } } });
  });

  it('a comment the reporter is not shown cannot be reported', async () => {
    const s = await commented();
    const secretBoard = await t.make.board(s.owner.id, { privacy: 'secret' });
    const secretPin = await t.make.pin(s.owner.id, secretBoard.id);
    const hidden = await s.ownerBrowser.post(`/v3/pins/${secretPin.id}/comments/`, { text: 'Only mine' });
    for (const id of [dataOf(hidden).id as string, '999999999']) {
      const response = await s.reporter.post('/v3/reports/', {
        object_type: 'comment',
        object_id: id,
        reason: 'spam',
      });
      expect(response.status).toBe(404);
      expect(response.body.resource_response.error).toMatchObject({
        code: 'comment_not_found',
        field: 'object_id',
      });
    }
  });
});

describe('age appeals', () => {
  it('a visitor asks for a review; the key reads its outcome; approve and deny', async () => {
    const visitor = new TestBrowser(t);
    const made = await visitor.post('/v3/age-appeals/', {
      email: 'young@example.com',
      birthday: '2000-02-03',
    });
    expect(made.status).toBe(200);
    const { id, key, status } = dataOf(made);
    expect(status).toBe('pending');
    expect(key).toMatch(/^[A-Za-z0-9_-]{20,64}$/);
    expect(dataOf(await visitor.get(`/v3/age-appeals/${id}/?key=${key}`)).status).toBe('pending');
    const wrong = await visitor.get(`/v3/age-appeals/${id}/?key=${'x'.repeat(32)}`);
    expect(wrong.status).toBe(404);
    expect(wrong.body.resource_response.error.code).toBe('age_appeal_not_found');

    expect(await admin('age-appeals', 'list')).toContain(`#${id}  young@example.com  birthday 2000-02-03`);
    expect(await admin('age-appeals', 'resolve', id, '--outcome', 'approve')).toContain(
      'approved: the sign-up block is lifted the next time their browser opens /age-appeal/. Mailed the outcome to young@example.com.',
    );
    expect(dataOf(await visitor.get(`/v3/age-appeals/${id}/?key=${key}`)).status).toBe('approved');
    const approvedMail = mailed.filter((mail) => mail.to === 'young@example.com');
    expect(approvedMail).toMatchObject([{ subject: 'Your Pinboard age review was approved' }]);
    expect(approvedMail[0]!.text).toContain('You can sign up for Pinboard now.');
    expect(approvedMail[0]!.text).toContain('https://pinboard.test/age-appeal/');
    // Transactional: no unsubscribe link (decision 53).
    expect(approvedMail[0]!.headers).toBeUndefined();
    await expect(admin('age-appeals', 'resolve', id, '--outcome', 'deny')).rejects.toThrow(/already decided/);

    const other = dataOf(
      await visitor.post('/v3/age-appeals/', { email: 'b@example.com', birthday: '2001-01-01' }),
    );
    await admin('age-appeals', 'resolve', other.id, '--outcome', 'deny');
    expect(dataOf(await visitor.get(`/v3/age-appeals/${other.id}/?key=${other.key}`)).status).toBe('denied');
    expect(mailed.filter((mail) => mail.to === 'b@example.com')).toMatchObject([
      {
        subject: 'Your Pinboard age review',
        text: expect.stringContaining('can’t let you sign up for Pinboard'),
      },
    ]);
  });

  it('a mail that fails leaves the decision made and tells the operator', async () => {
    const visitor = new TestBrowser(t);
    const made = dataOf(
      await visitor.post('/v3/age-appeals/', { email: 'c@example.com', birthday: '2002-02-02' }),
    );
    failing = true;
    try {
      expect(await admin('age-appeals', 'resolve', made.id, '--outcome', 'approve')).toContain(
        'The mail to c@example.com could not be sent (SMTP is down); their review page shows the outcome.',
      );
    } finally {
      failing = false;
    }
    expect(dataOf(await visitor.get(`/v3/age-appeals/${made.id}/?key=${made.key}`)).status).toBe('approved');
  });

  it('refuses a bad email or birthday with the field named', async () => {
    const visitor = new TestBrowser(t);
    const bad = await visitor.post('/v3/age-appeals/', {
      email: 'young@example.com',
      birthday: '2000-13-45',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.resource_response.error.field).toBe('birthday');
    const email = await visitor.post('/v3/age-appeals/', { email: 'nope', birthday: '2000-01-01' });
    expect(email.status).toBe(400);
  });
});
