import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  QrLoginClaimBodySchema,
  QrLoginClaimResultSchema,
  QrLoginParamsSchema,
  QrLoginRequestSchema,
  QrLoginStartSchema,
} from '@pinboard/shared';
import type { CounterStore } from '../../../adapters/counters/counters.ts';
import type { Config } from '../../../config.ts';
import { ok } from '../../../lib/envelope.ts';
import { replies } from '../../../lib/route-schemas.ts';
import { experimentUnitOf } from '../../../plugins/viewer.ts';
import { groupsForUnit } from '../../experiments/experiments.service.ts';
import { getViewer } from '../../users/viewer.service.ts';
import { authRequestOf, setAuthCookies } from '../auth-cookies.ts';
import type { AuthDeps } from '../auth-deps.ts';
import { claimQrLogin, decideQrLogin, describeQrLogin, startQrLogin } from './qr-login.service.ts';

export interface QrLoginRouteDeps extends AuthDeps {
  config: Pick<Config, 'consentCountries' | 'publicUrl' | 'secureCookies'>;
  counters: CounterStore;
}

const noStore = { 'cache-control': 'private, no-store' };

/**
 * 'Use QR code' login (spec 1 section 2; decision 21): a visitor's screen asks for a code, a
 * signed-in device approves or denies it, and the screen's poll claims the session once.
 */
export function registerQrLoginRoutes(app: FastifyInstance, deps: QrLoginRouteDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = deps;
  const qrDeps = { db, counters: deps.counters, publicUrl: config.publicUrl };
  const facts = (request: FastifyRequest) => authRequestOf(request, deps);

  api.post(
    '/v3/login/qr/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start a QR code login (visitors, under the experiment web_login_qr_code)',
        response: replies(QrLoginStartSchema),
      },
    },
    async (request, reply) => {
      const inExperiment = async () => {
        const unit = experimentUnitOf(request, reply, { secureCookies: config.secureCookies });
        return (await groupsForUnit(db, unit)).web_login_qr_code === 'enabled';
      };
      return reply.headers(noStore).send(ok(await startQrLogin(qrDeps, facts(request), inExperiment)));
    },
  );

  api.get(
    '/v3/login/qr/:id/',
    {
      schema: {
        tags: ['auth'],
        summary: 'What asks to log in with this QR code, for the signed-in device that scanned it',
        params: QrLoginParamsSchema,
        response: replies(QrLoginRequestSchema),
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(ok(await describeQrLogin(db, request.params.id, request.viewer, new Date()))),
  );

  for (const [path, decision] of [
    ['approve', 'approved'],
    ['deny', 'denied'],
  ] as const) {
    api.post(
      `/v3/login/qr/:id/${path}/`,
      {
        schema: {
          tags: ['auth'],
          summary:
            decision === 'approved'
              ? 'Approve a QR code login: the screen that shows it signs in as the viewer'
              : 'Deny a QR code login',
          params: QrLoginParamsSchema,
          response: replies(QrLoginRequestSchema),
        },
      },
      async (request, reply) => {
        const input = { id: request.params.id, viewer: request.viewer, decision, now: new Date() };
        return reply.headers(noStore).send(ok(await decideQrLogin(db, input)));
      },
    );
  }

  api.post(
    '/v3/login/qr/:id/claim/',
    {
      schema: {
        tags: ['auth'],
        summary: "The asking screen's poll: signs it in once the code is approved",
        params: QrLoginParamsSchema,
        body: QrLoginClaimBodySchema,
        response: replies(QrLoginClaimResultSchema),
      },
    },
    async (request, reply) => {
      const context = facts(request);
      const claim = await claimQrLogin(qrDeps, request.params.id, request.body, context);
      reply.headers(noStore);
      if (claim.status !== 'approved') return reply.send(ok({ status: claim.status }));
      const { userId, cookies } = claim.signedIn;
      setAuthCookies(reply, cookies, config.secureCookies);
      const user = await getViewer(db, {
        userId,
        recognitionToken: cookies.recognition,
        groupToken: cookies.group ?? context.cookies.group,
        country: context.country,
        consentCountries: config.consentCountries,
        now: context.now,
      });
      return reply.send(ok({ status: 'approved' as const, user }));
    },
  );
}
