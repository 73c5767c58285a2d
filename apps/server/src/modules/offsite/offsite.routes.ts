import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';

/** Outbound link checks (POST /v3/offsite/, GET /offsite/): issue 9, being built. */
export function registerOffsiteRoutes(_app: FastifyInstance, _context: AppContext): void {}
