import type { accountPreferenceEndpoints } from '@pinboard/shared/api/account-settings';
import type { EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import {
  getNotificationSettings,
  updateAccountSettings,
  updateNotificationSettings,
} from './account-preferences.service.ts';
import {
  resendEmailVerification,
  verifyEmail,
  type EmailVerificationDeps,
} from './email-verification.service.ts';
import {
  claimWebsite,
  getOfficialUser,
  listWebsiteClaims,
  removeWebsiteClaim,
  verifyWebsiteClaim,
  type WebsiteClaimDeps,
} from './website-claims.service.ts';

/** Account, privacy and notification settings, email confirmation and claimed websites (decision 46). */
export function accountPreferenceRoutes(
  deps: EmailVerificationDeps & WebsiteClaimDeps,
): EndpointHandlers<typeof accountPreferenceEndpoints> {
  const { db } = deps;
  return {
    updateUserSettings: async ({ body, viewer }) =>
      ok(await updateAccountSettings(db, viewer.userId, body, new Date())),
    getNotificationSettings: async ({ viewer }) => ok(await getNotificationSettings(db, viewer.userId)),
    updateNotificationSettings: async ({ body, viewer }) =>
      ok(await updateNotificationSettings(db, viewer.userId, body)),
    resendEmailVerification: async ({ viewer }) =>
      ok(await resendEmailVerification(deps, viewer.userId, new Date())),
    verifyEmail: async ({ body }) => ok(await verifyEmail(db, body.token, new Date())),
    listWebsiteClaims: async ({ viewer }) => ok(await listWebsiteClaims(db, viewer.userId)),
    claimWebsite: async ({ body, viewer }) => ok(await claimWebsite(db, viewer.userId, body.url)),
    verifyWebsiteClaim: async ({ params, viewer }) =>
      ok(await verifyWebsiteClaim(deps, viewer.userId, Number(params.id), new Date())),
    removeWebsiteClaim: async ({ params, viewer }) =>
      ok(await removeWebsiteClaim(db, viewer.userId, Number(params.id))),
    getOfficialUser: async ({ params }) => ok(await getOfficialUser(db, params.domain)),
  };
}
