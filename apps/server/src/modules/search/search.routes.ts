import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';

/** Search (GET /v3/search/{pins,boards,users}/, /v3/search/typeahead/): issue 9, being built. */
export function registerSearchRoutes(_app: FastifyInstance, _context: AppContext): void {}
