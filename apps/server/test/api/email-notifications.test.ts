import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, Mailer } from '../../src/adapters/mail/index.ts';
import { emailDigests, notificationMailRetries } from '../../src/db/schema/email.ts';
import { boards } from '../../src/db/schema/boards.ts';
import { notifications } from '../../src/db/schema/notifications.ts';
import { outboxMessages } from '../../src/db/schema/outbox.ts';
import { users } from '../../src/db/schema/users.ts';
import { createCounterStore } from '../../src/adapters/counters/index.ts';
import { resolveSessionSecret } from '../../src/lib/session-secret.ts';
import { emailLinkKey, signEmailLink } from '../../src/modules/email/email-tokens.ts';
import { claimDueMailRetries } from '../../src/modules/email/email.repository.ts';
import {
  MAIL_RETRY_ATTEMPTS,
  MAIL_RETRY_DELAYS_MS,
  runDailyDigests,
  runMailRetries,
  sendInstantMail,
  sendInstantMailOrRetry,
  unsubscribeOf,
  type NotificationMailDeps,
} from '../../src/modules/email/notification-mail.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * Notification mail (decision 53): instant mails and the daily digest by each person's choices,
 * their unsubscribe headers, the one-click unsubscribe and the mail-choices page's calls.
 */

let t: TestApp;
let linkKey: Buffer;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://pins.example.test' } });
  linkKey = emailLinkKey(resolveSessionSecret(undefined, t.dataDir));
});
afterAll(() => t.close());

interface Person {
  id: number;
  username: string;
  email: string;
  cookie: string;
}

async function person(overrides: Partial<typeof users.$inferInsert> = {}): Promise<Person> {
  const user = await t.make.user(overrides);
  return {
    id: user.id,
    username: user.username,
    email: user.email!,
    cookie: await t.make.sessionCookie(user.id),
  };
}

function call(who: Person | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.request({
    method,
    url,
    headers: { cookie: `${who?.cookie ?? ''}; csrftoken=t0k`, 'x-csrftoken': 't0k' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** The mails the app put in the outbox for an address, oldest first, once its background work is done. */
async function mailsTo(email: string) {
  await t.app.background.settled();
  return t.db.select().from(outboxMessages).where(eq(outboxMessages.to, email)).orderBy(outboxMessages.id);
}

async function setChoices(who: Person, choices: Record<string, { email: string; push: boolean }>) {
  expect((await call(who, 'PUT', '/v3/users/settings/notifications/', choices)).status).toBe(200);
}

const choicesOf = async (who: Person) =>
  (await call(who, 'GET', '/v3/users/settings/notifications/')).body.resource_response.data;

/** A mailer that keeps what it is given (the functions called directly). */
function recordingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    kind: 'outbox',
    sent,
    async send(message) {
      sent.push(message);
    },
    async close() {},
  };
}

function deps(mailer: Mailer): NotificationMailDeps {
  return {
    db: t.db,
    mailer,
    background: t.app.background,
    publicUrl: 'https://pins.example.test',
    linkKey,
    unsubscribeMailto: null,
    log: { error: () => {} },
  };
}

const unsubscribeUrl = (mail: { headers: Record<string, string> | null }) =>
  /^<(https:\/\/[^>]+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';

describe('instant mail', () => {
  it('mails an invitation as it happens, with the one-click unsubscribe headers for its category', async () => {
    const owner = await person({ firstName: 'Lena', lastName: 'Berg' });
    const invitee = await person();
    const board = await t.make.board(owner.id, { name: 'Surprise' });
    await call(owner, 'POST', `/v3/boards/${board.id}/collaborators/`, {
      invitees: [{ type: 'user', id: String(invitee.id) }],
    });
    const [mail, ...rest] = await mailsTo(invitee.email);
    expect(rest).toEqual([]);
    expect(mail!.subject).toBe('Lena Berg invited you to collaborate on Surprise');
    expect(mail!.text).toContain('https://pins.example.test/notifications/');
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = new URL(unsubscribeUrl(mail!));
    expect(url.origin + url.pathname).toBe('https://pins.example.test/email/subscription/');
    expect(url.searchParams.get('token')).toMatch(
      new RegExp(`^u\\.${invitee.id}\\.invitations\\.[\\w-]{43}$`),
    );
    // The mail's own footer link is the same address.
    expect(mail!.text).toContain(url.href);
  });

  it('names the mailto address beside the link when one is configured', () => {
    const { headers } = unsubscribeOf(
      {
        publicUrl: 'https://pins.example.test/',
        linkKey,
        unsubscribeMailto: 'unsubscribe@pins.example.test',
      },
      { id: 7, email: 'ada@example.com' },
      ['activity', 'invitations'],
    );
    const token = signEmailLink(
      linkKey,
      { purpose: 'unsubscribe', userId: 7, categories: ['activity', 'invitations'] },
      'ada@example.com',
    );
    expect(token).toMatch(/^u\.7\.activity\+invitations\./);
    expect(headers['List-Unsubscribe']).toBe(
      `<https://pins.example.test/email/subscription/?token=${encodeURIComponent(token)}>, ` +
        `<mailto:unsubscribe@pins.example.test?subject=${encodeURIComponent(`unsubscribe ${token}`)}>`,
    );
  });

  it('follows the choices: activity is a digest by default, instant when chosen, nothing when off', async () => {
    const owner = await person();
    const board = await t.make.board(owner.id);
    const pin = await t.make.pin(owner.id, board.id);
    const saveBy = async (firstName: string) => {
      const saver = await person({ firstName, lastName: '' });
      const saverBoard = await t.make.board(saver.id);
      await call(saver, 'POST', `/v3/pins/${pin.id}/repin/`, { board_id: String(saverBoard.id) });
    };
    await saveBy('Ada');
    expect(await mailsTo(owner.email)).toEqual([]);
    await setChoices(owner, { activity: { email: 'instant', push: true } });
    await saveBy('Theo');
    const mails = await mailsTo(owner.email);
    // The group of the day as it is now: both savers.
    expect(mails.map((mail) => mail.subject)).toEqual(['Theo and Ada saved your Pin']);
    expect(unsubscribeUrl(mails[0]!)).toContain(`u.${owner.id}.activity.`);
    await setChoices(owner, { activity: { email: 'off', push: true } });
    await saveBy('Mia');
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  it('sends no second mail for an invitation to an address, which its own mail told', async () => {
    const owner = await person();
    const invitee = await person();
    const board = await t.make.board(owner.id);
    await call(owner, 'POST', `/v3/boards/${board.id}/collaborators/`, {
      invitees: [{ type: 'email', email: invitee.email }],
    });
    const mails = await mailsTo(invitee.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.headers).toBeNull();
  });

  it('mails no unconfirmed address and no inactive account', async () => {
    const owner = await person();
    const unconfirmed = await person({ emailVerifiedAt: null });
    const suspended = await person();
    const board = await t.make.board(owner.id);
    await call(owner, 'POST', `/v3/boards/${board.id}/collaborators/`, {
      invitees: [
        { type: 'user', id: String(unconfirmed.id) },
        { type: 'user', id: String(suspended.id) },
      ],
    });
    await t.app.background.settled();
    // Suspended after the invitation was written, before any mail could be built.
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.id));
    const mailer = recordingMailer();
    const [row] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, suspended.id), eq(notifications.kind, 'board_invite')));
    expect(await sendInstantMail(deps(mailer), { ...row!, inviteId: row!.inviteId })).toBe(false);
    expect(mailer.sent).toEqual([]);
    expect(await mailsTo(unconfirmed.email)).toEqual([]);
  });

  it('checks at send time that the recipient may still see what the mail names', async () => {
    const owner = await person();
    await setChoices(owner, { activity: { email: 'instant', push: true } });
    const board = await t.make.board(owner.id);
    const pin = await t.make.pin(owner.id, board.id);
    const saver = await person();
    const saverBoard = await t.make.board(saver.id, { name: 'Hidden soon' });
    await call(saver, 'POST', `/v3/pins/${pin.id}/repin/`, { board_id: String(saverBoard.id) });
    expect(await mailsTo(owner.email)).toHaveLength(1);
    const [row] = await t.db.select().from(notifications).where(eq(notifications.recipientId, owner.id));
    const mailer = recordingMailer();
    expect(await sendInstantMail(deps(mailer), row!)).toBe(true);
    // The saver's board turns secret: the owner can no longer see it, so nothing is mailed.
    await t.db.update(boards).set({ privacy: 'secret' }).where(eq(boards.id, saverBoard.id));
    expect(await sendInstantMail(deps(mailer), row!)).toBe(false);
    expect(mailer.sent).toHaveLength(1);
  });

  it('sends at most 30 instant mails an hour to a person; the rest wait in the list', async () => {
    const owner = await person();
    await setChoices(owner, { activity: { email: 'instant', push: true } });
    const fan = await person();
    await call(fan, 'PUT', `/v3/users/${owner.username}/follow/`);
    await t.app.background.settled();
    const [row] = await t.db.select().from(notifications).where(eq(notifications.recipientId, owner.id));
    const mailer = recordingMailer();
    const counted = { ...deps(mailer), counters: createCounterStore(undefined) };
    const sent = [];
    for (let i = 0; i < 31; i++) sent.push(await sendInstantMail(counted, row!));
    expect(sent.filter(Boolean)).toHaveLength(30);
    expect(sent[30]).toBe(false);
    expect(mailer.sent).toHaveLength(30);
    await counted.counters.close();
  });
});

describe('retries of failed instant mail', () => {
  /** A mailer whose every send fails, as an SMTP server that is down. */
  function failingMailer(): Mailer {
    return {
      kind: 'smtp',
      async send() {
        throw new Error('connect ECONNREFUSED');
      },
      async close() {},
    };
  }

  /** Someone with activity mail as it happens, followed once: their notification row. */
  async function followed() {
    const owner = await person();
    await setChoices(owner, { activity: { email: 'instant', push: true } });
    const fan = await person({ firstName: 'Theo', lastName: 'Okafor' });
    await call(fan, 'PUT', `/v3/users/${owner.username}/follow/`);
    await t.app.background.settled();
    const [row] = await t.db.select().from(notifications).where(eq(notifications.recipientId, owner.id));
    return { owner, row: row! };
  }

  const retriesOf = (recipientId: number) =>
    t.db.select().from(notificationMailRetries).where(eq(notificationMailRetries.recipientId, recipientId));
  const at = (start: Date, ms: number) => new Date(start.getTime() + ms);

  it('tries again after growing waits, then gives up and logs it; the notification stays', async () => {
    const { owner, row } = await followed();
    const logged: string[] = [];
    const failing = {
      ...deps(failingMailer()),
      log: { error: (_: unknown, message: string) => logged.push(message) },
    };
    const start = new Date(Date.now() + 3_600_000);
    await sendInstantMailOrRetry(failing, row, start);
    expect(await retriesOf(owner.id)).toMatchObject([
      { attempts: 1, nextAttemptAt: at(start, MAIL_RETRY_DELAYS_MS[0]!), lastError: 'connect ECONNREFUSED' },
    ]);
    expect(logged).toEqual(['notification mail failed; it will be tried again']);
    // Not due yet: nothing is tried.
    expect(await runMailRetries(failing, at(start, MAIL_RETRY_DELAYS_MS[0]! - 1000))).toEqual({
      sent: 0,
      postponed: 0,
      givenUp: 0,
    });
    let now = start;
    for (let attempt = 2; attempt < MAIL_RETRY_ATTEMPTS; attempt++) {
      now = at(now, MAIL_RETRY_DELAYS_MS[attempt - 2]!);
      expect(await runMailRetries(failing, now)).toMatchObject({ postponed: 1 });
      const [retry] = await retriesOf(owner.id);
      expect(retry).toMatchObject({
        attempts: attempt,
        nextAttemptAt: at(now, MAIL_RETRY_DELAYS_MS[attempt - 1]!),
      });
    }
    now = at(now, MAIL_RETRY_DELAYS_MS[MAIL_RETRY_ATTEMPTS - 2]!);
    expect(await runMailRetries(failing, now)).toMatchObject({ givenUp: 1 });
    expect(await retriesOf(owner.id)).toEqual([]);
    expect(logged.at(-1)).toBe('notification mail given up');
    expect(await runMailRetries(failing, at(now, 86_400_000))).toMatchObject({ givenUp: 0, postponed: 0 });
    const list = await call(owner, 'GET', '/v3/notifications/');
    expect(list.body.resource_response.data).toMatchObject([{ kind: 'user_followed' }]);
  });

  it('a retry that works sends the mail once, however many instances run the job at once', async () => {
    const { owner, row } = await followed();
    const start = new Date(Date.now() + 3_600_000);
    await sendInstantMailOrRetry(deps(failingMailer()), row, start);
    const mailer = recordingMailer();
    const due = at(start, MAIL_RETRY_DELAYS_MS[0]!);
    const runs = await Promise.all([0, 1, 2].map(() => runMailRetries(deps(mailer), due)));
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(1);
    expect(mailer.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      [owner.email, 'Theo Okafor started following you'],
    ]);
    expect(mailer.sent[0]!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await retriesOf(owner.id)).toEqual([]);
  });

  it('a retry an instance claimed and never finished is tried again once its lease is over', async () => {
    const { owner, row } = await followed();
    const start = new Date(Date.now() + 7_200_000);
    await sendInstantMailOrRetry(deps(failingMailer()), row, start);
    const due = at(start, MAIL_RETRY_DELAYS_MS[0]!);
    // An instance claims it and dies.
    const claimed = await claimDueMailRetries(t.db, { now: due, leaseUntil: at(due, 600_000), limit: 100 });
    expect(claimed.map((retry) => retry.recipientId)).toContain(owner.id);
    const mailer = recordingMailer();
    expect(await runMailRetries(deps(mailer), at(due, 60_000))).toMatchObject({ sent: 0 });
    expect(await runMailRetries(deps(mailer), at(due, 600_000))).toMatchObject({ sent: 1 });
    expect(mailer.sent.map((mail) => mail.to)).toEqual([owner.email]);
  });

  it('ends without a mail when the person no longer wants it', async () => {
    const { owner, row } = await followed();
    const start = new Date(Date.now() + 10_800_000);
    await sendInstantMailOrRetry(deps(failingMailer()), row, start);
    await setChoices(owner, { activity: { email: 'off', push: true } });
    const mailer = recordingMailer();
    expect(await runMailRetries(deps(mailer), at(start, MAIL_RETRY_DELAYS_MS[0]!))).toMatchObject({
      sent: 0,
    });
    expect(mailer.sent).toEqual([]);
    expect(await retriesOf(owner.id)).toEqual([]);
  });
});

/** Moves a person's notifications to the given time (yesterday, for the digest of yesterday). */
const backdate = (recipientId: number, at: Date) =>
  t.db.update(notifications).set({ createdAt: at }).where(eq(notifications.recipientId, recipientId));

describe('daily digest', () => {
  const now = new Date('2031-05-06T08:00:00Z');
  const yesterday = new Date('2031-05-05T15:30:00Z');

  async function busyDay() {
    const owner = await person();
    const board = await t.make.board(owner.id, { name: 'Porches' });
    const pin = await t.make.pin(owner.id, board.id);
    for (let i = 0; i < 3; i++) {
      const saver = await person({ firstName: `Saver${i}`, lastName: '' });
      await call(saver, 'POST', `/v3/pins/${pin.id}/repin/`, {
        board_id: String((await t.make.board(saver.id)).id),
      });
    }
    const fan = await person({ firstName: 'Fan', lastName: '' });
    await call(fan, 'PUT', `/v3/users/${owner.username}/follow/`);
    await backdate(owner.id, yesterday);
    return { owner, board };
  }

  it('gathers a day into one mail per person, grouped, once however many instances run the job', async () => {
    const { owner } = await busyDay();
    const first = recordingMailer();
    const second = recordingMailer();
    await Promise.all([runDailyDigests(deps(first), now), runDailyDigests(deps(second), now)]);
    const mails = [...first.sent, ...second.sent].filter((mail) => mail.to === owner.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('Your day on Pinboard: 2 new notifications');
    expect(mail!.text).toContain('Saver2 and 2 others saved your Pin');
    expect(mail!.text).toContain('Fan started following you');
    expect(mail!.text).toContain('/email/user_survey/?token=s.');
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers!['List-Unsubscribe']).toContain(`u.${owner.id}.activity.`);
    const claims = await t.db.select().from(emailDigests).where(eq(emailDigests.userId, owner.id));
    expect(claims).toMatchObject([{ day: '2031-05-05', items: 2 }]);
    expect(claims[0]!.sentAt).not.toBeNull();
    // A later run of the same day sends nothing more.
    const again = recordingMailer();
    await runDailyDigests(deps(again), new Date('2031-05-06T20:00:00Z'));
    expect(again.sent.filter((mail) => mail.to === owner.email)).toEqual([]);
  });

  it('leaves out instant and switched-off categories, what was seen, and what is no longer visible', async () => {
    const { owner } = await busyDay();
    await setChoices(owner, { activity: { email: 'instant', push: true } });
    const mailer = recordingMailer();
    await runDailyDigests(deps(mailer), now);
    expect(mailer.sent.filter((mail) => mail.to === owner.email)).toEqual([]);

    const other = await busyDay();
    await t.db.update(notifications).set({ seenAt: now }).where(eq(notifications.kind, 'user_followed'));
    // The savers' boards turn secret: their saves are no longer the owner's to see.
    await t.db.execute(
      sql`update boards set privacy = 'secret' where id in (select board_id from notifications where recipient_id = ${other.owner.id} and kind = 'pin_saved')`,
    );
    await runDailyDigests(deps(mailer), now);
    expect(mailer.sent.filter((mail) => mail.to === other.owner.email)).toEqual([]);
    const [claim] = await t.db.select().from(emailDigests).where(eq(emailDigests.userId, other.owner.id));
    expect(claim).toMatchObject({ items: 0, sentAt: null });
  });

  it('gives the claim back when the mail fails, so the next run sends it', async () => {
    const { owner } = await busyDay();
    const failing: Mailer = {
      kind: 'smtp',
      async send() {
        throw new Error('SMTP down');
      },
      async close() {},
    };
    await runDailyDigests(deps(failing), now);
    expect(await t.db.select().from(emailDigests).where(eq(emailDigests.userId, owner.id))).toEqual([]);
    const mailer = recordingMailer();
    await runDailyDigests(deps(mailer), now);
    expect(mailer.sent.filter((mail) => mail.to === owner.email)).toHaveLength(1);
  });
});

describe('one-click unsubscribe: POST /email/subscription/?token=', () => {
  const oneClick = (
    token: string,
    body = 'List-Unsubscribe=One-Click',
    type = 'application/x-www-form-urlencoded',
  ) =>
    t.request({
      method: 'POST',
      url: `/email/subscription/?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': type },
      payload: body,
    });
  const tokenFor = (who: Person, categories: ('activity' | 'invitations' | 'comments')[]) =>
    signEmailLink(linkKey, { purpose: 'unsubscribe', userId: who.id, categories }, who.email);

  it('turns off the categories of its mail without a session or CSRF token, and no others', async () => {
    const who = await person();
    await setChoices(who, { comments: { email: 'daily', push: false } });
    const response = await oneClick(tokenFor(who, ['invitations']));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ unsubscribed: ['invitations'] });
    const choices = await choicesOf(who);
    expect(choices.invitations).toEqual({ email: 'off', push: true });
    expect(choices.activity).toEqual({ email: 'daily', push: true });
    expect(choices.comments).toEqual({ email: 'daily', push: false });
    expect(choices.messages).toEqual({ email: 'instant', push: true });
  });

  it("turns off every category of a digest's link, still no others", async () => {
    const who = await person();
    expect((await oneClick(tokenFor(who, ['invitations', 'activity']))).status).toBe(200);
    expect(await choicesOf(who)).toMatchObject({
      activity: { email: 'off' },
      invitations: { email: 'off' },
      comments: { email: 'instant' },
      messages: { email: 'instant' },
    });
  });

  it('takes the multipart form RFC 8058 prefers', async () => {
    const who = await person();
    const boundary = 'xYzZY';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const response = await oneClick(
      tokenFor(who, ['activity']),
      body,
      `multipart/form-data; boundary=${boundary}`,
    );
    expect(response.status).toBe(200);
    expect((await choicesOf(who)).activity.email).toBe('off');
  });

  it('refuses a tampered, foreign or outdated token and changes nothing', async () => {
    const who = await person();
    const other = await person();
    const good = tokenFor(who, ['invitations']);
    const mac = good.split('.')[3]!;
    const tampered = [
      `u.${who.id}.activity.${mac}`,
      `u.${who.id}.activity+invitations.${mac}`,
      `u.${other.id}.invitations.${mac}`,
      `u.${who.id}.invitations.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      `s.${who.id}.${mac}`,
      signEmailLink(linkKey, { purpose: 'survey', userId: who.id, categories: null }, who.email),
      'u.1.invitations',
      'garbage',
    ];
    for (const token of tampered) {
      const response = await oneClick(token);
      expect(response.status, token).toBe(400);
      expect(response.body.resource_response.error.code, token).toBe('email_link_invalid');
    }
    // A changed address voids the links mailed to the old one.
    await t.db
      .update(users)
      .set({ email: `new-${who.email}` })
      .where(eq(users.id, who.id));
    expect((await oneClick(good)).status).toBe(400);
    expect(await choicesOf(who)).toMatchObject({
      invitations: { email: 'instant' },
      activity: { email: 'daily' },
    });
    expect((await choicesOf(other)).invitations.email).toBe('instant');
  });

  it('needs the one-click body: a bare POST or another body changes nothing', async () => {
    const who = await person();
    const token = tokenFor(who, ['invitations']);
    expect((await oneClick(token, '')).status).toBe(400);
    expect((await oneClick(token, 'List-Unsubscribe=Two-Clicks')).status).toBe(400);
    expect((await oneClick(token, '{"List-Unsubscribe":"One-Click"}', 'application/json')).status).toBe(415);
    expect((await choicesOf(who)).invitations.email).toBe('instant');
  });
  it('answers odd requests in the envelope, never 5xx', async () => {
    const who = await person();
    const token = tokenFor(who, ['invitations']);
    expect((await oneClick(token, `List-Unsubscribe=One-Click&x=${'y'.repeat(5000)}`)).status).toBe(413);
    expect((await oneClick('x'.repeat(301))).status).toBe(400);
    expect((await oneClick(`u.${'9'.repeat(17)}.activity.${'A'.repeat(43)}`)).status).toBe(400);
    const bare = await t.request({ method: 'POST', url: '/email/subscription/' });
    expect(bare.status).toBeLessThan(500);
    expect(bare.body.resource_response.error.code).toBeDefined();
    expect((await choicesOf(who)).invitations.email).toBe('instant');
  });
});

describe('mail choices by link: /v3/email/subscription/', () => {
  const tokenFor = (who: Person) =>
    signEmailLink(linkKey, { purpose: 'unsubscribe', userId: who.id, categories: ['activity'] }, who.email);

  it('reads with a token without changing anything, and changes mail choices keeping push', async () => {
    const who = await person({ email: 'lena.mail@example.com' });
    await setChoices(who, { activity: { email: 'daily', push: false } });
    const token = encodeURIComponent(tokenFor(who));
    const read = await call(null, 'GET', `/v3/email/subscription/?token=${token}`);
    expect(read.status).toBe(200);
    expect(read.body.resource_response.data).toEqual({
      email: 'l***@example.com',
      categories: ['activity'],
      choices: {
        activity: 'daily',
        comments: 'instant',
        messages: 'instant',
        invitations: 'instant',
        product_news: 'off',
      },
    });
    expect((await choicesOf(who)).activity).toEqual({ email: 'daily', push: false });
    const changed = await call(null, 'PUT', '/v3/email/subscription/', {
      token: tokenFor(who),
      choices: { activity: 'off', product_news: 'daily' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.resource_response.data.choices).toMatchObject({
      activity: 'off',
      product_news: 'daily',
    });
    expect(await choicesOf(who)).toMatchObject({
      activity: { email: 'off', push: false },
      product_news: { email: 'daily', push: false },
      comments: { email: 'instant', push: true },
    });
  });

  it('works signed in without a token; a visitor without one must sign in; a bad token is refused', async () => {
    const who = await person();
    const mine = await call(who, 'GET', '/v3/email/subscription/');
    expect(mine.status).toBe(200);
    expect(mine.body.resource_response.data.categories).toBeNull();
    expect((await call(who, 'PUT', '/v3/email/subscription/', { choices: { messages: 'off' } })).status).toBe(
      200,
    );
    expect((await choicesOf(who)).messages.email).toBe('off');
    const visitor = await call(null, 'GET', '/v3/email/subscription/');
    expect(visitor.status).toBe(401);
    const bad = await call(null, 'PUT', '/v3/email/subscription/', {
      token: `u.${who.id}.activity.${'A'.repeat(43)}`,
      choices: { messages: 'instant' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.resource_response.error.code).toBe('email_link_invalid');
    expect(
      (await call(null, 'PUT', '/v3/email/subscription/', { choices: { messages: 'sometimes' } })).status,
    ).toBe(400);
    expect((await choicesOf(who)).messages.email).toBe('off');
  });
});
