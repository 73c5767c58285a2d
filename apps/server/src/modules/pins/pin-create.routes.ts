import type { FastifyInstance } from 'fastify';
import { pinEndpoints } from '@pinboard/shared/api';
import { MEDIA_LIMITS } from '@pinboard/shared/pin-create';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoints } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import { createPin } from './pin-create.service.ts';

// image_base64 carries up to a whole image: 4/3 of its bytes, plus the rest of the body.
const CREATE_PIN_BODY_LIMIT = Math.ceil((MEDIA_LIMITS.imageMaxBytes * 4) / 3) + 64 * 1024;

/** Creating pins (`POST /v3/pins/`, PinResource create; decision 25). */
export function registerPinCreateRoutes(app: FastifyInstance, context: AppContext): void {
  const deps = { ...context, background: app.background };
  // Its own scope: only this call takes a body as large as a whole image.
  void app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.bodyLimit = CREATE_PIN_BODY_LIMIT;
    });
    registerEndpoints(
      scope,
      { createPin: pinEndpoints.createPin },
      { createPin: async ({ viewer, body }) => ok(await createPin(deps, viewer.userId, body)) },
    );
  });
}
