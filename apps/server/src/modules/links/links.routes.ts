import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';

/** Links (GET /v3/pins/find_images/, PUT /v3/pins/image/): issue 8, being built. */
export function registerLinkRoutes(_app: FastifyInstance, _context: AppContext): void {}
