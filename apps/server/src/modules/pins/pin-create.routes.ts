import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreatedPinSchema, CreatePinSchema, MEDIA_LIMITS } from '@pinboard/shared/pin-create';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../lib/envelope.ts';
import { replies } from '../../lib/route-schemas.ts';
import { createPin } from './pin-create.service.ts';

// image_base64 carries up to a whole image: 4/3 of its bytes, plus the rest of the body.
const CREATE_PIN_BODY_LIMIT = Math.ceil((MEDIA_LIMITS.imageMaxBytes * 4) / 3) + 64 * 1024;

/** Creating pins (`POST /v3/pins/`, PinResource create): issue 8, decision 25. */
export function registerPinCreateRoutes(app: FastifyInstance, context: AppContext): void {
  const deps = { ...context, background: app.background };
  app.withTypeProvider<ZodTypeProvider>().post(
    '/v3/pins/',
    {
      bodyLimit: CREATE_PIN_BODY_LIMIT,
      schema: {
        tags: ['pins'],
        summary: 'Create a pin from an upload, an image URL, image data or idea pin pages',
        body: CreatePinSchema,
        response: replies(CreatedPinSchema),
      },
    },
    async (request) => ok(await createPin(deps, request.viewer.userId, request.body)),
  );
}
