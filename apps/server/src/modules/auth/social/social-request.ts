import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { experimentUnitOf } from '../../../plugins/viewer.ts';
import { groupsForUnit } from '../../experiments/experiments.service.ts';
import { browserHashOf } from './oidc-browser.ts';
import type { SocialRequest } from './social-login.service.ts';

/** The browser binding and the viewer's experiment groups (asked once, only if a rule needs them). */
export function socialRequestOf(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: { db: Database; secureCookies: boolean },
): SocialRequest {
  let groups: ReturnType<typeof groupsForUnit> | undefined;
  return {
    browserHash: browserHashOf(request),
    experiments: () =>
      (groups ??= groupsForUnit(
        deps.db,
        experimentUnitOf(request, reply, { secureCookies: deps.secureCookies }),
      )),
  };
}
