import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { isLoopbackAddress } from '../../lib/loopback.ts';

/** Where every development stand-in is mounted. */
export const DEV_PREFIX = '/__dev/';

/**
 * The development stand-ins answer only requests from this machine: the connection's address
 * must be loopback, and behind a trusted proxy (TRUST_PROXY=1) the forwarded client too. Anyone
 * else gets the same 404 as when the stand-ins are off. The check runs on the route as matched,
 * so no spelling of the path (percent-encoded, doubled slashes) slips past it.
 */
export function serveDevStandinsToThisMachineOnly(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.url?.startsWith(DEV_PREFIX)) return;
    if (isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip)) return;
    throw new AppError('not_found', { detail: `${request.method} ${request.routeOptions.url}` });
  });
}
