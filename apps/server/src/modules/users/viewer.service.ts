import type { StoredAccount, Viewer, ViewerInfo } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { renditionUrl } from '../../lib/media-url.ts';
import { hashSessionToken } from '../../plugins/viewer.ts';
import {
  findRecognizedUserId,
  findViewerAccount,
  listGroupAccounts,
  type ViewerAccountRow,
} from '../auth/auth.repository.ts';
import { presentUserSummary } from './users.presenter.ts';

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

function presentInfo(row: ViewerAccountRow): ViewerInfo {
  return {
    firstName: row.firstName,
    imageUrl: renditionUrl(row.avatarSizes, '236x'),
    email: row.email,
    hasPassword: row.hasPassword,
    connectedToFacebook: row.connectedToFacebook,
    connectedToGoogle: row.connectedToGoogle,
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

/**
 * Who is looking: AUTH (a live session of an active account, with the browser's other signed-in
 * accounts), LIMITED_LOGIN (logged out, but this browser's recognition cookie names an active
 * account: the 'Welcome back' screen), else UNAUTH. A session whose account stopped being
 * active between the session check and this read counts as not signed in, never as an error.
 */
export async function getViewer(db: Executor, query: ViewerQuery): Promise<Viewer> {
  const common = {
    client_context: {
      country: query.country,
      country_from_hostname: null,
      country_from_ip: query.country,
      region_from_ip: null,
    },
    requires_consent: query.consentCountries.includes(query.country),
  };
  const account = query.userId === null ? null : await findViewerAccount(db, query.userId);
  if (account) {
    const others = query.groupToken
      ? await listGroupAccounts(db, hashSessionToken(query.groupToken), account.id, query.now)
      : [];
    return {
      type: 'AUTH',
      isAuth: true,
      isPartner: account.type === 'business',
      id: String(account.id),
      createdAt: account.createdAt.toISOString(),
      user: presentUserSummary(account),
      info: presentInfo(account),
      ...common,
      accounts: others.map(presentStoredAccount),
    };
  }
  const recognizedId = query.recognitionToken
    ? await findRecognizedUserId(db, hashSessionToken(query.recognitionToken), query.now)
    : null;
  const recognized = recognizedId === null ? null : await findViewerAccount(db, recognizedId);
  if (recognized) {
    return {
      type: 'LIMITED_LOGIN',
      isAuth: false,
      isPartner: recognized.type === 'business',
      id: String(recognized.id),
      createdAt: recognized.createdAt.toISOString(),
      user: null,
      info: { ...presentInfo(recognized), username: recognized.username },
      ...common,
      accounts: [],
    };
  }
  return {
    type: 'UNAUTH',
    isAuth: false,
    isPartner: false,
    id: null,
    createdAt: null,
    user: null,
    info: null,
    ...common,
    accounts: [],
  };
}
