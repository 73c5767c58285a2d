import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { pinEndpoints } from '@pinboard/shared/api';
import { MEDIA_LIMITS } from '@pinboard/shared/pin-create';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { type EndpointHandlers, registerEndpoints } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import { createUpload, getUpload, registerImageUrlAnswer, type UploadDeps } from './uploads.service.ts';

// Room for the multipart framing around the largest file (boundaries, part headers).
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** A body busboy could not read as a multipart form (no boundary, cut short): the client's fault. */
export function multipartError(error: unknown): unknown {
  const statusCode = (error as { statusCode?: number }).statusCode;
  if (error instanceof AppError || (statusCode && statusCode < 500)) return error;
  return new AppError('multipart_invalid', {
    detail: error instanceof Error ? error.message : String(error),
  });
}

/** Uploads, decision 25: `createMediaUpload`, registered in a scope that reads multipart. */
export function registerMediaUploadRoutes(app: FastifyInstance, context: AppContext): void {
  const deps: UploadDeps = { ...context, background: app.background };
  // Its own scope: only the upload call parses multipart bodies.
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      // busboy stops handing over a file past the largest accepted size; the service stops
      // reading far sooner for a picture (20 MB) and for anything that is not media at all.
      limits: { fileSize: MEDIA_LIMITS.videoMaxBytes + 1, files: 1, fields: 0, parts: 1, headerPairs: 100 },
      throwFileSizeLimit: false,
    });
    registerEndpoints(
      scope,
      { createMediaUpload: pinEndpoints.createMediaUpload },
      {
        createMediaUpload: async ({ request, reply, viewer }) => {
          const declared = Number(request.headers['content-length'] ?? 0);
          if (declared > MEDIA_LIMITS.videoMaxBytes + MULTIPART_OVERHEAD_BYTES) {
            // Said too large up front: answer without reading, and do not keep the connection for the rest.
            reply.header('connection', 'close');
            throw new AppError('media_too_large', { detail: `content-length ${declared}` });
          }
          const part = await request.file().catch((error: unknown) => {
            throw multipartError(error);
          });
          if (!part) throw new AppError('media_file_missing');
          try {
            return ok(await createUpload(deps, viewer.userId, part.file));
          } catch (error) {
            // The form's framing can also break while the file streams (never closed, cut short).
            const framingError = part.file.errored;
            throw framingError && !(error instanceof AppError) ? multipartError(framingError) : error;
          }
        },
      },
    );
  });
}

type MediaEndpoints = Pick<typeof pinEndpoints, 'getMediaUpload' | 'registerImage'>;

/** Polling an upload, and images registered by URL (fetched by the server). */
export function mediaRoutes(deps: UploadDeps): EndpointHandlers<MediaEndpoints> {
  return {
    getMediaUpload: async ({ params, viewer }) => ok(await getUpload(deps, viewer.userId, Number(params.id))),
    registerImage: async ({ body, viewer }) =>
      ok(await registerImageUrlAnswer(deps, viewer.userId, body.image_url)),
  };
}
