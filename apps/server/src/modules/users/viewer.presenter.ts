import type { StoredAccount, Viewer, ViewerInfo } from '@pinboard/shared';
import { renditionUrl } from '../../lib/media-url.ts';
import type { ViewerAccountRow } from '../auth/auth.repository.ts';
import { presentUserSummary } from './users.presenter.ts';

/** What every viewer answer says about where the request comes from, signed in or not. */
export type ViewerContext = Pick<Viewer, 'client_context' | 'requires_consent'>;

function presentInfo(row: ViewerAccountRow): ViewerInfo {
  return {
    firstName: row.firstName,
    imageUrl: renditionUrl(row.avatarSizes, '236x'),
    email: row.email,
    hasPassword: row.hasPassword,
    connectedToFacebook: row.connectedToFacebook,
    connectedToGoogle: row.connectedToGoogle,
    emailVerified: row.email === null || row.emailVerified,
  };
}

function presentStoredAccount(row: ViewerAccountRow): StoredAccount {
  const summary = presentUserSummary(row);
  return {
    id: summary.id,
    username: summary.username,
    email: row.email,
    fullName: summary.full_name,
    imageMediumUrl: summary.image_medium_url,
    imageLargeUrl: summary.image_large_url,
    ...(row.type === 'business' ? { partner: { is_create: false } } : {}),
  };
}

export function presentViewerContext(country: string, consentCountries: readonly string[]): ViewerContext {
  return {
    client_context: {
      country,
      country_from_hostname: null,
      country_from_ip: country,
      region_from_ip: null,
    },
    requires_consent: consentCountries.includes(country),
  };
}

/** AUTH, with the browser's other signed-in accounts for the switcher. */
export function presentSignedInViewer(
  account: ViewerAccountRow,
  others: ViewerAccountRow[],
  context: ViewerContext,
  unreadNotifications: number,
  unreadConversations: number,
): Viewer {
  return {
    type: 'AUTH',
    isAuth: true,
    isPartner: account.type === 'business',
    id: String(account.id),
    createdAt: account.createdAt.toISOString(),
    user: presentUserSummary(account),
    info: presentInfo(account),
    ...context,
    accounts: others.map(presentStoredAccount),
    unread_notifications: unreadNotifications,
    unread_conversations: unreadConversations,
  };
}

/** LIMITED_LOGIN: the 'Welcome back' screen names the account but signs nobody in. */
export function presentRecognizedViewer(recognized: ViewerAccountRow, context: ViewerContext): Viewer {
  return {
    type: 'LIMITED_LOGIN',
    isAuth: false,
    isPartner: recognized.type === 'business',
    id: String(recognized.id),
    createdAt: recognized.createdAt.toISOString(),
    user: null,
    info: { ...presentInfo(recognized), username: recognized.username },
    ...context,
    accounts: [],
    unread_notifications: 0,
    unread_conversations: 0,
  };
}

export function presentSignedOutViewer(context: ViewerContext): Viewer {
  return {
    type: 'UNAUTH',
    isAuth: false,
    isPartner: false,
    id: null,
    createdAt: null,
    user: null,
    info: null,
    ...context,
    accounts: [],
    unread_notifications: 0,
    unread_conversations: 0,
  };
}
