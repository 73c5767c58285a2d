import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '@pinboard/shared/account-settings';
import type {
  EmailChoices,
  EmailSubscription,
  EmailSubscriptionBody,
  UserSurveyAnswers,
  UserSurveyResult,
} from '@pinboard/shared/email-mail';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { upsertNotificationChoices } from '../settings/account-preferences.repository.ts';
import { getNotificationSettings } from '../settings/account-preferences.service.ts';
import { findMailRecipient, insertSurvey } from './email.repository.ts';
import { emailLinkMatches, parseEmailLink, type EmailLink } from './email-tokens.ts';

export interface EmailLinkDeps {
  db: Executor;
  linkKey: Buffer;
}

/** Whose choices a call is about: a valid link's person, or the signed-in viewer. */
interface Subject {
  userId: number;
  email: string;
  link: EmailLink | null;
}

/**
 * The person a mailed token names, when it is one of ours for their current address and the
 * purpose asked. Every failure is the same `email_link_invalid`, so a token tells nothing.
 */
async function personOfToken(
  deps: EmailLinkDeps,
  token: string,
  purpose: EmailLink['purpose'],
): Promise<Subject> {
  const link = parseEmailLink(token);
  if (!link || link.purpose !== purpose) throw new AppError('email_link_invalid');
  const person = await findMailRecipient(deps.db, link.userId);
  if (!person?.email || !emailLinkMatches(deps.linkKey, token, link, person.email)) {
    throw new AppError('email_link_invalid');
  }
  // Anyone may stop mail; only an account still mailed (active, address confirmed) answers the survey.
  if (purpose === 'survey' && !person.mailable) throw new AppError('email_link_invalid');
  return { userId: person.id, email: person.email, link };
}

async function subjectOf(
  deps: EmailLinkDeps,
  token: string | undefined,
  viewer: number | null,
  purpose: EmailLink['purpose'],
): Promise<Subject> {
  if (token !== undefined) return personOfToken(deps, token, purpose);
  if (viewer === null) throw new AppError('auth_required');
  const person = await findMailRecipient(deps.db, viewer);
  if (!person) throw new AppError('auth_required');
  return { userId: person.id, email: person.email ?? '', link: null };
}

/** `lena@example.com` → `l***@example.com`: one's own address is recognisable, nobody else's is learnt. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email ? `${email[0]}***` : '';
  return `${email[0]}***${email.slice(at)}`;
}

async function present(db: Executor, subject: Subject): Promise<EmailSubscription> {
  const settings = await getNotificationSettings(db, subject.userId);
  const choices = Object.fromEntries(
    NOTIFICATION_CATEGORIES.map((category) => [category, settings[category].email]),
  ) as EmailChoices;
  return {
    email: maskEmail(subject.email),
    categories: subject.link?.categories ?? null,
    choices,
  };
}

/** `GET /v3/email/subscription/`: reads only, with a token or signed in. */
export async function getEmailSubscription(
  deps: EmailLinkDeps,
  token: string | undefined,
  viewer: number | null,
): Promise<EmailSubscription> {
  return present(deps.db, await subjectOf(deps, token, viewer, 'unsubscribe'));
}

/** Stores mail choices, keeping each category's push switch as it was. */
async function setEmailChoices(db: Executor, userId: number, choices: Partial<EmailChoices>) {
  const current = await getNotificationSettings(db, userId);
  const changes = NOTIFICATION_CATEGORIES.flatMap((category) => {
    const email = choices[category];
    return email ? [[category, { email, push: current[category].push }] as const] : [];
  });
  await upsertNotificationChoices(
    db,
    userId,
    changes.map(([category, choice]) => [category, choice]),
  );
}

/**
 * `PUT /v3/email/subscription/`: a mail's link lets its reader change every mail choice of the
 * person it was sent to (the mail's reader is the address's owner); signed in, one's own.
 */
export async function updateEmailSubscription(
  deps: EmailLinkDeps,
  body: EmailSubscriptionBody,
  viewer: number | null,
): Promise<EmailSubscription> {
  const subject = await subjectOf(deps, body.token, viewer, 'unsubscribe');
  await setEmailChoices(deps.db, subject.userId, body.choices);
  return present(deps.db, subject);
}

/**
 * RFC 8058's one-click unsubscribe: the categories the link's mail was sent for are turned off,
 * no others. Answers the categories, or throws `email_link_invalid`.
 */
export async function unsubscribeOneClick(
  deps: EmailLinkDeps,
  token: string,
): Promise<NotificationCategory[]> {
  const subject = await personOfToken(deps, token, 'unsubscribe');
  const categories = subject.link?.categories ?? [];
  await setEmailChoices(
    deps.db,
    subject.userId,
    Object.fromEntries(categories.map((category) => [category, 'off'])),
  );
  return categories;
}

/** `POST /v3/email/user_survey/`: stores the answers, by a digest's link or signed in. */
export async function submitUserSurvey(
  deps: EmailLinkDeps,
  answers: UserSurveyAnswers,
  viewer: number | null,
): Promise<UserSurveyResult> {
  const subject = await subjectOf(deps, answers.token, viewer, 'survey');
  await insertSurvey(deps.db, {
    userId: subject.userId,
    satisfaction: answers.satisfaction,
    uses: answers.uses,
    text: answers.text.trim(),
    via: subject.link ? 'mail' : 'session',
  });
  return { received: true };
}
