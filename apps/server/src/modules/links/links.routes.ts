import type { pinEndpoints } from '@pinboard/shared/api';
import type { EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import { findPageImages, type FindImagesDeps } from './find-images.service.ts';

/** Links of web pages: the pinnable images of a page. */
export function linkRoutes(deps: FindImagesDeps): EndpointHandlers<Pick<typeof pinEndpoints, 'findImages'>> {
  return {
    findImages: async ({ query, viewer }) => ok(await findPageImages(deps, viewer.userId, query.url)),
  };
}
