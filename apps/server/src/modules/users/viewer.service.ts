import type { Viewer } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { hashSessionToken } from '../../plugins/viewer.ts';
import { countUnread } from '../messages/messages.service.ts';
import { countUnreadNotifications } from '../notifications/notifications.service.ts';
import { findRecognizedUserId, findViewerAccount, listGroupAccounts } from '../auth/auth.repository.ts';
import {
  presentRecognizedViewer,
  presentSignedInViewer,
  presentSignedOutViewer,
  presentViewerContext,
} from './viewer.presenter.ts';

export interface ViewerQuery {
  /** The signed-in user (request.viewer.userId), or null. */
  userId: number | null;
  /** The raw `_pinboard_recognized` cookie, for LIMITED_LOGIN. */
  recognitionToken: string | undefined;
  /** The raw `_pinboard_group` cookie, for the account switcher. */
  groupToken: string | undefined;
  country: string;
  consentCountries: readonly string[];
  now: Date;
}

/**
 * Who is looking: AUTH (a live session of an active account, with the browser's other signed-in
 * accounts), LIMITED_LOGIN (logged out, but this browser's recognition cookie names an active
 * account: the 'Welcome back' screen), else UNAUTH. A session whose account stopped being
 * active between the session check and this read counts as not signed in, never as an error.
 */
export async function getViewer(db: Executor, query: ViewerQuery): Promise<Viewer> {
  const context = presentViewerContext(query.country, query.consentCountries);
  const account = query.userId === null ? null : await findViewerAccount(db, query.userId);
  if (account) {
    const others = query.groupToken
      ? await listGroupAccounts(db, hashSessionToken(query.groupToken), account.id, query.now)
      : [];
    const [unread, unreadConversations] = await Promise.all([
      countUnreadNotifications(db, account.id),
      countUnread(db, account.id),
    ]);
    return presentSignedInViewer(account, others, context, unread, unreadConversations);
  }
  const recognizedId = query.recognitionToken
    ? await findRecognizedUserId(db, hashSessionToken(query.recognitionToken), query.now)
    : null;
  const recognized = recognizedId === null ? null : await findViewerAccount(db, recognizedId);
  if (recognized) {
    return presentRecognizedViewer(recognized, context);
  }
  return presentSignedOutViewer(context);
}
