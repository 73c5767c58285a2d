import type { Notification, NotificationKind } from '@pinboard/shared';
import type { NotificationCategory } from '@pinboard/shared/account-settings';
import { EMAIL_SUBSCRIPTION_PATH, USER_SURVEY_PATH } from '@pinboard/shared/email-mail';
import type { CounterStore } from '../../adapters/counters/counters.ts';
import type { Mailer, MailMessage } from '../../adapters/mail/index.ts';
import type { Executor } from '../../db/client.ts';
import { runEvery, type Background } from '../../lib/background.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { byAccount, countRateLimit } from '../../policies/rate-limits.ts';
import { listNotificationGroups } from '../notifications/notifications.repository.ts';
import { presentGroups } from '../notifications/notifications.service.ts';
import { getNotificationSettings } from '../settings/account-preferences.service.ts';
import {
  claimDigest,
  claimDueMailRetries,
  deleteMailRetry,
  findMailRecipient,
  finishDigest,
  isInviteByEmail,
  listDigestCandidates,
  insertMailRetry,
  postponeMailRetry,
  releaseDigest,
  type MailRecipient,
} from './email.repository.ts';
import { signEmailLink } from './email-tokens.ts';

/*
 * Notification mail (decision 53): one mail per new notification of a category
 * set to "instant", and one digest a day of the categories set to "daily". Every such mail carries
 * RFC 8058's one-click unsubscribe headers. What a mail names is checked at send time with the
 * same rule as the list (`notificationVisibleAs`), and only active accounts with a confirmed
 * address are mailed (`mailableAccountAs`).
 */

/** Which setting category a notification kind belongs to. */
export const CATEGORY_OF_KIND: Record<NotificationKind, NotificationCategory> = {
  pin_saved: 'activity',
  user_followed: 'activity',
  board_followed: 'activity',
  board_pins_added: 'activity',
  board_invite: 'invitations',
  invite_accepted: 'invitations',
  pin_commented: 'comments',
  comment_replied: 'comments',
  comment_mentioned: 'comments',
  // An operator's decision (decision 54): told in the list at once, mailed only in a digest.
  moderation: 'activity',
};
const kindsOf = (categories: NotificationCategory[]) =>
  (Object.keys(CATEGORY_OF_KIND) as NotificationKind[]).filter((kind) =>
    categories.includes(CATEGORY_OF_KIND[kind]),
  );

/** The most items one digest lists; the rest are behind its link to the notifications page. */
export const DIGEST_ITEMS = 20;
const DAY_MS = 86_400_000;

export interface NotificationMailDeps {
  db: Executor;
  mailer: Mailer;
  background: Background;
  publicUrl: string;
  /** `emailLinkKey(sessionSecret)`. */
  linkKey: Buffer;
  /** An address that takes unsubscribe requests by mail (`MAIL_UNSUBSCRIBE_ADDRESS`), or null. */
  unsubscribeMailto: string | null;
  log: { error(object: Record<string, unknown>, message: string): void };
  /** Counts instant mails per person (`notification-mail`); none: no cap (tests of one mail). */
  counters?: CounterStore;
}

/** A new notification row, as `notify` added it. */
export interface NewNotificationRow {
  recipientId: number;
  kind: NotificationKind;
  groupKey: string;
  inviteId?: number | null;
}

// ---------------------------------------------------------------------------------------------
// Words

function who(item: Notification): string {
  const names = item.actors.map((actor) => actor.full_name || actor.username);
  const first = names[0] ?? 'Someone';
  if (item.actor_count <= 1) return first;
  if (item.actor_count === 2 && names[1]) return `${first} and ${names[1]}`;
  const others = item.actor_count - 1;
  return `${first} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

/** What an item says, as the notifications page says it, and where it leads. */
export function describeNotification(item: Notification, base: string): { text: string; link: string } {
  const board = item.board?.name ?? 'a board';
  const boardLink = item.board ? `${base}${item.board.url}` : `${base}/notifications/`;
  switch (item.kind) {
    case 'pin_saved':
      return {
        text: `${who(item)} saved your Pin`,
        link: item.pin ? `${base}/pin/${item.pin.id}/` : `${base}/notifications/`,
      };
    case 'user_followed':
      return {
        text: `${who(item)} started following you`,
        link: item.actors[0] ? `${base}/${item.actors[0].username}/` : `${base}/notifications/`,
      };
    case 'board_followed':
      return { text: `${who(item)} followed your board ${board}`, link: boardLink };
    case 'board_invite':
      return { text: `${who(item)} invited you to collaborate on ${board}`, link: `${base}/notifications/` };
    case 'invite_accepted':
      return { text: `${who(item)} joined your board ${board}`, link: boardLink };
    case 'board_pins_added':
      return { text: `${who(item)} saved Pins to ${board}`, link: boardLink };
    case 'moderation':
      return { text: item.message ?? '', link: `${base}/reports-and-violations/` };
    case 'pin_commented':
    case 'comment_replied':
    case 'comment_mentioned': {
      const said = {
        pin_commented: 'commented on your Pin',
        comment_replied: 'replied to your comment',
        comment_mentioned: 'mentioned you',
      }[item.kind];
      const quote = item.comment ? `: "${item.comment.text}"` : '';
      return {
        text: `${who(item)} ${said}${quote}`,
        link: item.pin ? `${base}/pin/${item.pin.id}/comments` : `${base}/notifications/`,
      };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Mails

const baseOf = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** The unsubscribe link of a mail sent for `categories`, and RFC 8058's headers naming it. */
export function unsubscribeOf(
  deps: Pick<NotificationMailDeps, 'publicUrl' | 'linkKey' | 'unsubscribeMailto'>,
  recipient: { id: number; email: string },
  categories: NotificationCategory[],
): { link: string; headers: Record<string, string> } {
  const token = signEmailLink(
    deps.linkKey,
    { purpose: 'unsubscribe', userId: recipient.id, categories },
    recipient.email,
  );
  const link = `${baseOf(deps.publicUrl)}${EMAIL_SUBSCRIPTION_PATH}?token=${encodeURIComponent(token)}`;
  const targets = [`<${link}>`];
  if (deps.unsubscribeMailto) {
    targets.push(`<mailto:${deps.unsubscribeMailto}?subject=${encodeURIComponent(`unsubscribe ${token}`)}>`);
  }
  return {
    link,
    headers: {
      'List-Unsubscribe': targets.join(', '),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

function composeMail(input: {
  to: string;
  subject: string;
  lead: string;
  items: { text: string; link: string }[];
  more: { text: string; link: string } | null;
  survey: string | null;
  unsubscribe: { link: string; headers: Record<string, string> };
}): MailMessage {
  const why = "You're getting this mail because of your notification settings on Pinboard.";
  const stop = 'Unsubscribe or choose what we email you:';
  const ask = 'How are we doing? Tell us in a minute:';
  const text = [
    input.lead,
    '',
    ...input.items.flatMap((item) => [item.text, item.link, '']),
    ...(input.more ? [input.more.text, input.more.link, ''] : []),
    ...(input.survey ? [ask, input.survey, ''] : []),
    '--',
    why,
    stop,
    input.unsubscribe.link,
    '',
  ].join('\n');
  const html = `<!doctype html><html><body>
<p>${escapeHtml(input.lead)}</p>
<ul>
${input.items.map((item) => `<li><a href="${escapeHtml(item.link)}">${escapeHtml(item.text)}</a></li>`).join('\n')}
</ul>
${input.more ? `<p><a href="${escapeHtml(input.more.link)}">${escapeHtml(input.more.text)}</a></p>` : ''}
${input.survey ? `<p>${escapeHtml(ask)} <a href="${escapeHtml(input.survey)}">Take the survey</a></p>` : ''}
<hr>
<p>${escapeHtml(why)} <a href="${escapeHtml(input.unsubscribe.link)}">Unsubscribe or choose what we email you</a></p>
</body></html>`;
  return { to: input.to, subject: input.subject, text, html, headers: input.unsubscribe.headers };
}

// ---------------------------------------------------------------------------------------------
// Sending

type Mailable = MailRecipient & { email: string };
const isMailable = (recipient: MailRecipient | null): recipient is Mailable =>
  recipient !== null && recipient.mailable && recipient.email !== null;

/**
 * The instant mail of a new notification, when its recipient wants its category as it happens.
 * Answers whether a mail went out.
 */
export async function sendInstantMail(
  deps: NotificationMailDeps,
  row: NewNotificationRow,
  options: { retry?: boolean } = {},
): Promise<boolean> {
  const category = CATEGORY_OF_KIND[row.kind];
  const recipient = await findMailRecipient(deps.db, row.recipientId);
  if (!isMailable(recipient)) return false;
  const choices = await getNotificationSettings(deps.db, recipient.id);
  if (choices[category].email !== 'instant') return false;
  // An invitation to an address was mailed to it when it was made: no second mail.
  if (row.kind === 'board_invite' && row.inviteId != null && (await isInviteByEmail(deps.db, row.inviteId))) {
    return false;
  }
  // The group as the recipient may see it now: nothing left (a board turned secret) means no mail.
  const groups = await listNotificationGroups(deps.db, {
    recipientId: recipient.id,
    beforeId: null,
    groupKey: row.groupKey,
    limit: 1,
  });
  const [item] = await presentGroups(deps.db, groups);
  if (!item) return false;
  // Past the hourly cap the notification waits in the list: no mail flood. A retry was counted
  // by its first try.
  if (
    !options.retry &&
    deps.counters &&
    (await countRateLimit(deps.counters, 'notification-mail', byAccount(recipient)))
  ) {
    return false;
  }
  const base = baseOf(deps.publicUrl);
  const described = describeNotification(item, base);
  await deps.mailer.send(
    composeMail({
      to: recipient.email,
      subject: described.text,
      lead: 'Something new on Pinboard:',
      items: [described],
      more: null,
      survey: null,
      unsubscribe: unsubscribeOf(deps, recipient, [category]),
    }),
  );
  return true;
}

/** `YYYY-MM-DD` of a UTC day, and where it starts. */
export function utcDayOf(at: Date): { day: string; start: Date; end: Date } {
  const start = new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
  return { day: start.toISOString().slice(0, 10), start, end: new Date(start.getTime() + DAY_MS) };
}

/**
 * One person's digest of a claimed day: the groups of their "daily" categories with rows from
 * that day not yet seen, as they may see them now. Answers the number of items mailed (0: none
 * was sent).
 */
async function sendDigest(
  deps: NotificationMailDeps,
  userId: number,
  window: { day: string; start: Date; end: Date },
): Promise<number> {
  const recipient = await findMailRecipient(deps.db, userId);
  if (!isMailable(recipient)) return 0;
  const choices = await getNotificationSettings(deps.db, userId);
  const daily = (Object.keys(choices) as NotificationCategory[]).filter(
    (category) => choices[category].email === 'daily',
  );
  const groups = await listNotificationGroups(deps.db, {
    recipientId: userId,
    beforeId: null,
    limit: DIGEST_ITEMS + 1,
    unseenOfKinds: { kinds: kindsOf(daily), start: window.start, end: window.end },
  });
  if (groups.length === 0) return 0;
  const base = baseOf(deps.publicUrl);
  const items = (await presentGroups(deps.db, groups.slice(0, DIGEST_ITEMS))).map((item) =>
    describeNotification(item, base),
  );
  const mentioned = [...new Set(groups.map((group) => CATEGORY_OF_KIND[group.kind]))];
  const survey = signEmailLink(
    deps.linkKey,
    { purpose: 'survey', userId, categories: null },
    recipient.email,
  );
  await deps.mailer.send(
    composeMail({
      to: recipient.email,
      subject: `Your day on Pinboard: ${items.length}${groups.length > DIGEST_ITEMS ? '+' : ''} new ${
        items.length === 1 ? 'notification' : 'notifications'
      }`,
      lead: `What happened on Pinboard on ${window.day}:`,
      items,
      more:
        groups.length > DIGEST_ITEMS
          ? { text: 'See all your notifications', link: `${base}/notifications/` }
          : null,
      survey: `${base}${USER_SURVEY_PATH}?token=${encodeURIComponent(survey)}`,
      unsubscribe: unsubscribeOf(deps, recipient, mentioned),
    }),
  );
  return items.length;
}

/**
 * The digest job: for the UTC day before `now`, every person with notifications that day gets one
 * digest, claimed first (`email_digests`' primary key), so instances running it at once never
 * send one twice. A mail that fails gives its claim back for the next run. Answers who was mailed.
 */
export async function runDailyDigests(deps: NotificationMailDeps, now = new Date()): Promise<number[]> {
  const today = utcDayOf(now);
  const window = utcDayOf(new Date(today.start.getTime() - DAY_MS));
  const mailed: number[] = [];
  const tried = new Set<number>();
  for (;;) {
    const candidates = (await listDigestCandidates(deps.db, { ...window, limit: 200 })).filter(
      (id) => !tried.has(id),
    );
    if (candidates.length === 0) break;
    for (const userId of candidates) {
      tried.add(userId);
      if (!(await claimDigest(deps.db, userId, window.day))) continue;
      try {
        const items = await sendDigest(deps, userId, window);
        await finishDigest(deps.db, userId, window.day, items, items > 0);
        if (items > 0) mailed.push(userId);
      } catch (error) {
        await releaseDigest(deps.db, userId, window.day);
        deps.log.error({ err: error, userId, day: window.day }, 'daily digest mail failed');
      }
    }
  }
  return mailed;
}

/**
 * The digest job, every `everyMs` (EMAIL_DIGEST_EVERY_SECONDS); the claims keep instances from
 * sending a digest twice, and as the first run is one period after the start, a restart loop
 * sends nothing twice either.
 */
export function startDigestJob(deps: NotificationMailDeps, everyMs: number): () => void {
  return runEvery(deps.background, 'email-digests', everyMs, () => runDailyDigests(deps));
}

// ---------------------------------------------------------------------------------------------
// Retrying failed instant mail

/** How long after each failed try of an instant mail the next one is made. */
export const MAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000];
/** Tries of an instant mail in all (the first one included); then it is given up. */
export const MAIL_RETRY_ATTEMPTS = MAIL_RETRY_DELAYS_MS.length + 1;
/** How long a claimed retry is kept from other instances while this one tries it. */
const MAIL_RETRY_LEASE_MS = 10 * 60_000;
/** Retries one run tries at most; the rest wait for the next run. */
const MAIL_RETRY_BATCH = 100;

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * The first try of a new notification's instant mail (`queueNotificationMails`); if it fails, the
 * mail is kept to be tried again by `runMailRetries`.
 */
export async function sendInstantMailOrRetry(
  deps: NotificationMailDeps,
  row: NewNotificationRow,
  now = new Date(),
): Promise<void> {
  try {
    await sendInstantMail(deps, row);
  } catch (error) {
    await retryLater(deps, row, error, now);
  }
}

async function retryLater(deps: NotificationMailDeps, row: NewNotificationRow, error: unknown, now: Date) {
  deps.log.error(
    { err: error, recipientId: row.recipientId, groupKey: row.groupKey },
    'notification mail failed; it will be tried again',
  );
  await insertMailRetry(deps.db, {
    recipientId: row.recipientId,
    groupKey: row.groupKey,
    kind: row.kind,
    inviteId: row.inviteId ?? null,
    nextAttemptAt: later(now, MAIL_RETRY_DELAYS_MS[0]!),
    error: messageOf(error),
  });
}

/**
 * One run of the retry job: claims the retries due at `now` (each by one instance only, see
 * `claimDueMailRetries`) and tries each again, as the first try did: with the recipient's choices
 * and what they may see now (nothing left to tell ends the retry without a mail). A try that fails
 * waits longer (`MAIL_RETRY_DELAYS_MS`); the last one is given up and logged.
 */
export async function runMailRetries(
  deps: NotificationMailDeps,
  now = new Date(),
): Promise<{ sent: number; postponed: number; givenUp: number }> {
  const due = await claimDueMailRetries(deps.db, {
    now,
    leaseUntil: later(now, MAIL_RETRY_LEASE_MS),
    limit: MAIL_RETRY_BATCH,
  });
  const outcome = { sent: 0, postponed: 0, givenUp: 0 };
  for (const retry of due) {
    try {
      if (await sendInstantMail(deps, retry, { retry: true })) outcome.sent += 1;
      await deleteMailRetry(deps.db, retry);
    } catch (error) {
      const attempts = retry.attempts + 1;
      if (attempts >= MAIL_RETRY_ATTEMPTS) {
        await deleteMailRetry(deps.db, retry);
        deps.log.error(
          { err: error, recipientId: retry.recipientId, groupKey: retry.groupKey, attempts },
          'notification mail given up',
        );
        outcome.givenUp += 1;
      } else {
        await postponeMailRetry(deps.db, retry, {
          attempts,
          nextAttemptAt: later(now, MAIL_RETRY_DELAYS_MS[attempts - 1]!),
          error: messageOf(error),
        });
        outcome.postponed += 1;
      }
    }
  }
  return outcome;
}

/** The retry job, every `everyMs` (MAIL_RETRY_EVERY_SECONDS; 0: never). */
export function startMailRetryJob(deps: NotificationMailDeps, everyMs: number): () => void {
  return runEvery(deps.background, 'notification-mail-retries', everyMs, () => runMailRetries(deps));
}

// ---------------------------------------------------------------------------------------------
// Where `notify` hands new rows (services are given the database, not the app: decision 50's way)

const senders = new WeakMap<Executor, NotificationMailDeps>();

/** Makes new notifications written through `db` mail their recipients; answers a function that stops it. */
export function mailNotificationsOf(db: Executor, deps: NotificationMailDeps): () => void {
  if (senders.has(db)) return () => {};
  senders.set(db, deps);
  return () => senders.delete(db);
}

/**
 * Mails the instant ones of new notifications in the app's background tasks: never inside the
 * request's transaction, never failing it. A mail that fails is kept to be tried again
 * (`runMailRetries`). Admin commands and the seed, with no app, mail nothing.
 */
export function queueNotificationMails(db: Executor, rows: NewNotificationRow[]): void {
  const deps = senders.get(db);
  if (!deps) return;
  for (const row of rows) {
    deps.background.run('notification-mail', () => sendInstantMailOrRetry(deps, row));
  }
}
