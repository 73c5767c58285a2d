import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';

/** Creating pins (POST /v3/pins/): issue 8, being built. */
export function registerPinCreateRoutes(_app: FastifyInstance, _context: AppContext): void {}
