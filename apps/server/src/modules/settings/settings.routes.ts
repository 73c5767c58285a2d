import type { accountSettingsEndpoints } from '@pinboard/shared/api/settings';
import type { EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import { clearSessionCookie } from '../auth/auth-cookies.ts';
import type { RecoveryDeps } from '../auth/recovery/recovery.service.ts';
import { closeAccount, endSessionById, listSessions, logoutAll } from './account.service.ts';
import { changeEmail } from './email.service.ts';
import { getAccountSettings } from './account-preferences.service.ts';
import {
  changePassword,
  confirmPhone,
  getAccountSecurity,
  regenerateBackupCodes,
  removePhone,
  setTwoFactorSetting,
  startPhone,
} from './security.service.ts';

/** Account security settings (decision 20): email, password, phone, two-factor, sessions, close. */
export function settingsRoutes(
  deps: RecoveryDeps & { secureCookies: boolean },
): EndpointHandlers<typeof accountSettingsEndpoints> {
  return {
    getUserSettings: async ({ viewer }) => ok(await getAccountSettings(deps.db, viewer.userId)),
    getAccountSecurity: async ({ viewer }) => ok(await getAccountSecurity(deps, viewer.userId)),
    changeEmail: async ({ body, viewer }) => ok(await changeEmail(deps, viewer.userId, body)),
    changePassword: async ({ body, viewer }) => ok(await changePassword(deps, viewer, body)),
    addPhone: async ({ body, viewer }) => ok(await startPhone(deps, viewer.userId, body, new Date())),
    confirmPhone: async ({ body, viewer }) => ok(await confirmPhone(deps, viewer.userId, body, new Date())),
    removePhone: async ({ body, viewer }) => ok(await removePhone(deps, viewer.userId, body.password)),
    setTwoFactor: async ({ body, viewer }) => ok(await setTwoFactorSetting(deps, viewer.userId, body)),
    regenerateBackupCodes: async ({ body, viewer }) =>
      ok(await regenerateBackupCodes(deps, viewer.userId, body.password)),
    listSessions: async ({ viewer }) => ok(await listSessions(deps, viewer, new Date())),
    endSession: async ({ params, viewer, reply }) => {
      const { current, sessions } = await endSessionById(deps, viewer, params.id, new Date());
      if (current) clearSessionCookie(reply, deps.secureCookies);
      return ok(sessions);
    },
    logOutAllSessions: async ({ body, viewer, reply }) => {
      const includeCurrent = body.include_current === true;
      const result = await logoutAll(deps, viewer, includeCurrent);
      if (includeCurrent) clearSessionCookie(reply, deps.secureCookies);
      return ok(result);
    },
    closeAccount: async ({ body, viewer, reply }) => {
      const result = await closeAccount(deps, viewer.userId, body);
      clearSessionCookie(reply, deps.secureCookies);
      return ok(result);
    },
  };
}
