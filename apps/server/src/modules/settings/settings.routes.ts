import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountSecuritySchema,
  BackupCodesResultSchema,
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  CloseAccountBodySchema,
  CloseAccountResultSchema,
  LogoutAllBodySchema,
  LogoutAllResultSchema,
  PhoneConfirmBodySchema,
  PhoneRemoveBodySchema,
  PhoneStartBodySchema,
  PhoneStartResultSchema,
  ReauthBodySchema,
  SessionListSchema,
  TwoFactorBodySchema,
} from '@pinboard/shared/settings';
import { UserSettingsSchema } from '@pinboard/shared';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { replies } from '../../lib/route-schemas.ts';
import { clearSessionCookie } from '../auth/auth-cookies.ts';
import type { RecoveryDeps } from '../auth/recovery/recovery.service.ts';
import { closeAccount, endSessionById, listSessions, logoutAll } from './account.service.ts';
import { changeEmail } from './email.service.ts';
import { getUserSettings } from './user-settings.service.ts';
import {
  changePassword,
  confirmPhone,
  getAccountSecurity,
  regenerateBackupCodes,
  removePhone,
  setTwoFactorSetting,
  startPhone,
  type SettingsViewer,
} from './security.service.ts';

const BASE = '/v3/users/settings';
const noStore = { 'cache-control': 'private, no-store' };

/** The signed-in viewer, or `auth_required`: every settings call is for AUTH viewers only. */
function signedIn(request: FastifyRequest): SettingsViewer {
  const { userId, sessionIdHash } = request.viewer;
  if (userId === null || sessionIdHash === null) throw new AppError('auth_required');
  return { userId, sessionIdHash };
}

/** Account security settings (issue 5, decision 20): email, password, phone, two-factor, sessions, close. */
export function registerSettingsRoutes(
  app: FastifyInstance,
  deps: RecoveryDeps & { secureCookies: boolean },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const send = (reply: FastifyReply, data: unknown) => reply.headers(noStore).send(ok(data));
  const tags = ['settings'];

  api.get(
    `${BASE}/`,
    {
      schema: {
        tags,
        summary: 'Linked Instagram and the listed website',
        response: replies(UserSettingsSchema),
      },
    },
    async (request, reply) => send(reply, await getUserSettings(deps.db, signedIn(request).userId)),
  );

  api.get(
    `${BASE}/security/`,
    { schema: { tags, summary: 'The account security overview', response: replies(AccountSecuritySchema) } },
    async (request, reply) => send(reply, await getAccountSecurity(deps, signedIn(request).userId)),
  );

  api.post(
    `${BASE}/email/`,
    {
      schema: {
        tags,
        summary: 'Change the email (asks the password); the old address is told',
        body: ChangeEmailBodySchema,
        response: replies(AccountSecuritySchema),
      },
    },
    async (request, reply) => send(reply, await changeEmail(deps, signedIn(request).userId, request.body)),
  );

  api.post(
    `${BASE}/password/`,
    {
      schema: {
        tags,
        summary: 'Change the password (asks the current one); optionally ends every other session',
        body: ChangePasswordBodySchema,
        response: replies(LogoutAllResultSchema),
      },
    },
    async (request, reply) => send(reply, await changePassword(deps, signedIn(request), request.body)),
  );

  api.post(
    `${BASE}/phone/`,
    {
      schema: {
        tags,
        summary: 'Text a confirmation code to a new phone number (asks the password)',
        body: PhoneStartBodySchema,
        response: replies(PhoneStartResultSchema),
      },
    },
    async (request, reply) =>
      send(reply, await startPhone(deps, signedIn(request).userId, request.body, new Date())),
  );

  api.post(
    `${BASE}/phone/confirm/`,
    {
      schema: {
        tags,
        summary: 'Confirm the new phone number with the texted code',
        body: PhoneConfirmBodySchema,
        response: replies(AccountSecuritySchema),
      },
    },
    async (request, reply) =>
      send(reply, await confirmPhone(deps, signedIn(request).userId, request.body, new Date())),
  );

  api.delete(
    `${BASE}/phone/`,
    {
      schema: {
        tags,
        summary: 'Remove the phone number, which turns two-factor off (asks the password)',
        body: PhoneRemoveBodySchema,
        response: replies(AccountSecuritySchema),
      },
    },
    async (request, reply) =>
      send(reply, await removePhone(deps, signedIn(request).userId, request.body.password)),
  );

  api.put(
    `${BASE}/two_factor/`,
    {
      schema: {
        tags,
        summary: 'Turn two-factor login on (needs a confirmed phone) or off (asks the password)',
        body: TwoFactorBodySchema,
        response: replies(AccountSecuritySchema),
      },
    },
    async (request, reply) =>
      send(reply, await setTwoFactorSetting(deps, signedIn(request).userId, request.body)),
  );

  api.post(
    `${BASE}/backup_codes/`,
    {
      schema: {
        tags,
        summary: 'A new set of 10 single-use backup codes, shown once (asks the password)',
        body: ReauthBodySchema,
        response: replies(BackupCodesResultSchema),
      },
    },
    async (request, reply) =>
      send(reply, await regenerateBackupCodes(deps, signedIn(request).userId, request.body.password)),
  );

  api.get(
    `${BASE}/sessions/`,
    { schema: { tags, summary: "The account's signed-in sessions", response: replies(SessionListSchema) } },
    async (request, reply) => send(reply, await listSessions(deps, signedIn(request), new Date())),
  );

  api.delete(
    `${BASE}/sessions/:id/`,
    {
      schema: {
        tags,
        summary: 'End one session (the current one logs this browser out)',
        params: z.object({ id: z.string().max(64) }),
        response: replies(SessionListSchema),
      },
    },
    async (request, reply) => {
      const viewer = signedIn(request);
      const { current } = await endSessionById(deps, viewer, request.params.id, new Date());
      if (current) {
        clearSessionCookie(reply, deps.secureCookies);
        return send(reply, []);
      }
      return send(reply, await listSessions(deps, viewer, new Date()));
    },
  );

  api.post(
    `${BASE}/sessions/logout_all/`,
    {
      schema: {
        tags,
        summary: 'End every other session (and this one with include_current)',
        body: LogoutAllBodySchema,
        response: replies(LogoutAllResultSchema),
      },
    },
    async (request, reply) => {
      const includeCurrent = request.body.include_current === true;
      const result = await logoutAll(deps, signedIn(request), includeCurrent);
      if (includeCurrent) clearSessionCookie(reply, deps.secureCookies);
      return send(reply, result);
    },
  );

  api.post(
    `${BASE}/close/`,
    {
      schema: {
        tags,
        summary: 'Deactivate or close (delete) the account (asks the password); signs out',
        body: CloseAccountBodySchema,
        response: replies(CloseAccountResultSchema),
      },
    },
    async (request, reply) => {
      const result = await closeAccount(deps, signedIn(request).userId, request.body);
      clearSessionCookie(reply, deps.secureCookies);
      return send(reply, result);
    },
  );
}
