import type { CloseAccountBody, SessionSummary } from '@pinboard/shared/settings';
import { AppError } from '../../lib/app-error.ts';
import { clearSignedOutAnswers } from '../../lib/signed-out-answers.ts';
import { setStatus } from '../auth/auth.repository.ts';
import type { MfaDeps } from '../auth/mfa/mfa.service.ts';
import { endEverySignIn } from '../auth/recovery/recovery.repository.ts';
import { reauthenticate } from './reauth.ts';
import type { SettingsViewer } from './security.service.ts';
import {
  deleteSessionOf,
  deleteSessionsExcept,
  deleteUser,
  listLiveSessions,
} from './settings.repository.ts';
import { presentSessionSummary, publicSessionId } from './settings.presenter.ts';
import { endingSessions } from '../auth/session-lookups.ts';

/** `GET /v3/users/settings/sessions/`, newest first; `current` marks this browser's. */
export async function listSessions(
  deps: MfaDeps,
  viewer: SettingsViewer,
  now: Date,
): Promise<SessionSummary[]> {
  const rows = await listLiveSessions(deps.db, viewer.userId, now);
  return rows.map((row) => presentSessionSummary(row, viewer.sessionIdHash));
}

/**
 * `DELETE /v3/users/settings/sessions/{id}/`: ends one of the account's sessions (`session_not_found`
 * for any other id). Answers whether it was the current one (the route then clears the cookie)
 * and the sessions left, none when this browser's own session ended.
 */
export async function endSessionById(deps: MfaDeps, viewer: SettingsViewer, id: string, now: Date) {
  const rows = await listLiveSessions(deps.db, viewer.userId, now);
  const target = rows.find((row) => publicSessionId(row.idHash) === id);
  if (!target || !(await endingSessions(deleteSessionOf(deps.db, viewer.userId, target.idHash)))) {
    throw new AppError('session_not_found');
  }
  const current = target.idHash === viewer.sessionIdHash;
  return { current, sessions: current ? [] : await listSessions(deps, viewer, now) };
}

/** `POST /v3/users/settings/sessions/logout_all/`: every other session, and this one on request. */
export async function logoutAll(deps: MfaDeps, viewer: SettingsViewer, includeCurrent: boolean) {
  const ended = await endingSessions(
    deleteSessionsExcept(deps.db, viewer.userId, includeCurrent ? null : viewer.sessionIdHash),
  );
  return { ended };
}

/**
 * `POST /v3/users/settings/close/` (decision 20). `deactivate`: the account is kept with status
 * deactivated (login then answers account_deactivated; support or the admin `reactivate` command
 * brings it back) and every sign-in ends. `close`: the account row is deleted at once and its
 * pins, boards, sections, follows, sessions, codes and consents go with it (FK cascades).
 */
export async function closeAccount(deps: MfaDeps, userId: number, body: CloseAccountBody) {
  await reauthenticate(deps, userId, body.password);
  await endingSessions(
    deps.db.transaction(async (tx) => {
      if (body.mode === 'close') return deleteUser(tx, userId);
      await setStatus(tx, userId, 'deactivated');
      await endEverySignIn(tx, userId);
    }),
  );
  // The account's boards, pins and name leave what visitors and the typeahead are shown at once.
  clearSignedOutAnswers();
  return { mode: body.mode };
}
