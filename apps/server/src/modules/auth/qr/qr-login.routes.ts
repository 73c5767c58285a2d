import type { qrLoginEndpoints } from '@pinboard/shared/api/auth';
import type { CounterStore } from '../../../adapters/counters/counters.ts';
import type { Config } from '../../../config.ts';
import type { EndpointHandlers } from '../../../lib/endpoints.ts';
import { ok } from '../../../lib/envelope.ts';
import { experimentUnitOf } from '../../../plugins/viewer.ts';
import { groupsForUnit } from '../../experiments/experiments.service.ts';
import { authRequestOf, setAuthCookies } from '../auth-cookies.ts';
import type { AuthDeps } from '../auth-deps.ts';
import { presentSignedIn } from '../signed-in.ts';
import { claimQrLogin, decideQrLogin, describeQrLogin, startQrLogin } from './qr-login.service.ts';

export interface QrLoginRouteDeps extends AuthDeps {
  config: Pick<Config, 'consentCountries' | 'publicUrl' | 'secureCookies'>;
  counters: CounterStore;
}

/**
 * 'Use QR code' login: a visitor's screen asks for a code, a signed-in device approves or denies
 * it, and the screen's poll claims the session once.
 */
export function qrLoginRoutes(deps: QrLoginRouteDeps): EndpointHandlers<typeof qrLoginEndpoints> {
  const { db, config } = deps;
  const qrDeps = { db, counters: deps.counters, publicUrl: config.publicUrl };
  return {
    startQrLogin: async ({ request, reply }) => {
      const inExperiment = async () => {
        const unit = experimentUnitOf(request, reply, { secureCookies: config.secureCookies });
        return (await groupsForUnit(db, unit)).web_login_qr_code === 'enabled';
      };
      return ok(await startQrLogin(qrDeps, authRequestOf(request, deps), inExperiment));
    },
    getQrLogin: async ({ params }) => ok(await describeQrLogin(db, params.id, new Date())),
    approveQrLogin: async ({ params, viewer }) =>
      ok(
        await decideQrLogin(db, {
          id: params.id,
          userId: viewer.userId,
          decision: 'approved',
          now: new Date(),
        }),
      ),
    denyQrLogin: async ({ params, viewer }) =>
      ok(
        await decideQrLogin(db, {
          id: params.id,
          userId: viewer.userId,
          decision: 'denied',
          now: new Date(),
        }),
      ),
    claimQrLogin: async ({ params, body, request, reply }) => {
      const context = authRequestOf(request, deps);
      const claim = await claimQrLogin(qrDeps, params.id, body, context);
      if (claim.status !== 'approved') return ok({ status: claim.status });
      const { userId, cookies } = claim.signedIn;
      setAuthCookies(reply, cookies, config.secureCookies);
      const { user } = await presentSignedIn(deps, context, userId, cookies);
      return ok({ status: 'approved' as const, user });
    },
  };
}
