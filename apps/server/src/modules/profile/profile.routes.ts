import fastifyMultipart from '@fastify/multipart';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { profileEndpoints } from '@pinboard/shared/api';
import { MEDIA_LIMITS } from '@pinboard/shared/pin-create';
import type { UserProfile } from '@pinboard/shared';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerEndpoints } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import { multipartError } from '../media/uploads.routes.ts';
import { removeAvatar, setAvatarFromUpload, type AvatarDeps } from './avatar.service.ts';
import { checkUsername, editProfile } from './profile.service.ts';

const { uploadAvatar, ...jsonEndpoints } = profileEndpoints;
// The crop square's three fields, then the file.
const AVATAR_FIELDS = 3;

/**
 * The form's fields as they come, then the file handed to `withFile` while it streams (busboy
 * gives the parts in order: the fields must come first).
 */
async function withAvatarParts(
  request: FastifyRequest,
  withFile: (fields: Record<string, string>, file: Readable) => Promise<UserProfile>,
): Promise<UserProfile> {
  const fields: Record<string, string> = {};
  const parts = request.parts();
  for (;;) {
    // Only the form's framing is judged here; the file's own failures are the service's.
    const next = await parts.next().catch((error: unknown) => {
      throw multipartError(error);
    });
    if (next.done) throw new AppError('media_file_missing');
    const part = next.value;
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    try {
      return await withFile(fields, part.file);
    } catch (error) {
      const framingError = part.file.errored;
      throw framingError && !(error instanceof AppError) ? multipartError(framingError) : error;
    }
  }
}

/** Editing one's profile (decision 45); the avatar upload in a scope that reads multipart. */
export function registerProfileRoutes(app: FastifyInstance, context: AppContext): void {
  const deps: AvatarDeps = context;
  registerEndpoints(app, jsonEndpoints, {
    editProfile: async ({ body, viewer }) => ok(await editProfile(context.db, viewer.userId, body)),
    checkUsername: async ({ query, viewer }) =>
      ok(await checkUsername(context.db, viewer.userId, query.username)),
    removeAvatar: async ({ viewer }) => ok(await removeAvatar(deps, viewer.userId)),
  });
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: {
        fileSize: MEDIA_LIMITS.imageMaxBytes + 1,
        files: 1,
        fields: AVATAR_FIELDS,
        parts: AVATAR_FIELDS + 1,
        fieldSize: 32,
        headerPairs: 100,
      },
      throwFileSizeLimit: false,
    });
    registerEndpoints(
      scope,
      { uploadAvatar },
      {
        uploadAvatar: async ({ request, viewer }) =>
          ok(
            await withAvatarParts(request, (fields, file) =>
              setAvatarFromUpload(deps, viewer.userId, fields, file),
            ),
          ),
      },
    );
  });
}
