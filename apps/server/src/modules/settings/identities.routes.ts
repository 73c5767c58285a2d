import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LinkIdentityBodySchema, LinkedIdentitiesSchema } from '@pinboard/shared';
import { FirstPasswordBodySchema, LogoutAllResultSchema } from '@pinboard/shared/settings';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { replies } from '../../lib/route-schemas.ts';
import { browserHashOf } from '../auth/social/oidc-browser.ts';
import type { SocialDeps } from '../auth/social/social-verify.ts';
import { setFirstPassword } from './first-password.service.ts';
import { getLinkedIdentities, linkIdentity, unlinkIdentity } from './identities.service.ts';
import type { SettingsViewer } from './security.service.ts';

const BASE = '/v3/users/settings';

function signedIn(request: FastifyRequest): SettingsViewer {
  const { userId, sessionIdHash } = request.viewer;
  if (userId === null || sessionIdHash === null) throw new AppError('auth_required');
  return { userId, sessionIdHash };
}

/** Connected providers in settings (decision 21), and the first password of an account made through one. */
export function registerIdentitySettingsRoutes(app: FastifyInstance, deps: SocialDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const send = (reply: FastifyReply, data: unknown) =>
    reply.header('cache-control', 'private, no-store').send(ok(data));
  const tags = ['settings'];

  api.get(
    `${BASE}/identities/`,
    {
      schema: {
        tags,
        summary: 'The providers the account signs in with, and whether it has a password',
        response: replies(LinkedIdentitiesSchema),
      },
    },
    async (request, reply) => send(reply, await getLinkedIdentities(deps, signedIn(request).userId)),
  );

  api.post(
    `${BASE}/identities/`,
    {
      schema: {
        tags,
        summary: 'Connect a provider with the token its popup (purpose=link) just gave',
        body: LinkIdentityBodySchema,
        response: replies(LinkedIdentitiesSchema),
      },
    },
    async (request, reply) => {
      const { userId } = signedIn(request);
      const browserHash = browserHashOf(request);
      return send(reply, await linkIdentity(deps, userId, request.body, browserHash, new Date()));
    },
  );

  api.delete(
    `${BASE}/identities/:provider/`,
    {
      schema: {
        tags,
        summary: "Disconnect a provider, unless it is the account's last way in",
        params: z.object({ provider: z.string().min(1).max(300) }),
        response: replies(LinkedIdentitiesSchema),
      },
    },
    async (request, reply) =>
      send(reply, await unlinkIdentity(deps, signedIn(request).userId, request.params.provider)),
  );

  api.post(
    `${BASE}/password/first/`,
    {
      schema: {
        tags,
        summary: 'Set a first password (an account made through a provider), within 10 minutes of signing in',
        body: FirstPasswordBodySchema,
        response: replies(LogoutAllResultSchema),
      },
    },
    async (request, reply) =>
      send(reply, await setFirstPassword(deps, signedIn(request), request.body, new Date())),
  );
}
