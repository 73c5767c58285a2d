import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';

/** Uploads (POST /v3/media/uploads/, GET /v3/media/uploads/{id}/): issue 8, being built. */
export function registerMediaUploadRoutes(_app: FastifyInstance, _context: AppContext): void {}
