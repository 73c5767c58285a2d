import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MEDIA_LIMITS,
  MediaUploadParamsSchema,
  MediaUploadSchema,
  RegisterImageSchema,
} from '@pinboard/shared/pin-create';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { replies } from '../../lib/route-schemas.ts';
import { createUpload, getUpload, registerImageUrlAnswer, type UploadDeps } from './uploads.service.ts';

// Room for the multipart framing around the largest file (boundaries, part headers).
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** A body busboy could not read as a multipart form (no boundary, cut short): the client's fault. */
function multipartError(error: unknown): unknown {
  const statusCode = (error as { statusCode?: number }).statusCode;
  if (error instanceof AppError || (statusCode && statusCode < 500)) return error;
  return new AppError('multipart_invalid', {
    detail: error instanceof Error ? error.message : String(error),
  });
}

/**
 * Uploads (`POST /v3/media/uploads/`, polled with `GET /v3/media/uploads/{id}/`) and images
 * registered by URL (`PUT /v3/pins/image/`), issue 8 and decision 25.
 */
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
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.post(
      '/v3/media/uploads/',
      {
        schema: {
          tags: ['media'],
          summary: 'Upload an image (JPEG, PNG, WebP, GIF) or an MP4 video as multipart, one file',
          consumes: ['multipart/form-data'],
          response: replies(MediaUploadSchema),
        },
      },
      async (request, reply) => {
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
          return ok(await createUpload(deps, request.viewer.userId, part.file));
        } catch (error) {
          // The form's framing can also break while the file streams (never closed, cut short).
          const framingError = part.file.errored;
          throw framingError && !(error instanceof AppError) ? multipartError(framingError) : error;
        }
      },
    );
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/v3/media/uploads/:id/',
    {
      schema: {
        tags: ['media'],
        summary: "One of the viewer's uploads or image registrations (poll until not pending)",
        params: MediaUploadParamsSchema,
        response: replies(MediaUploadSchema),
      },
    },
    async (request) => ok(await getUpload(deps, request.viewer.userId, Number(request.params.id))),
  );
  api.put(
    '/v3/pins/image/',
    {
      schema: {
        tags: ['media'],
        summary: 'Register an image by URL: answered pending at once, fetched by the server',
        body: RegisterImageSchema,
        response: replies(MediaUploadSchema),
      },
    },
    async (request) => ok(await registerImageUrlAnswer(deps, request.viewer.userId, request.body.image_url)),
  );
}
