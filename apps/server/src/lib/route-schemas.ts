import { envelopeOf, FailureEnvelopeSchema, type PageQuery } from '@pinboard/shared';
import type { Viewer } from '../plugins/viewer.ts';
import type { PageOptions } from './bookmark.ts';
import type { z } from 'zod';

/** Response schemas of a JSON API call: its success envelope and the failure envelope. */
export function replies<T extends z.ZodType>(data: T) {
  return {
    200: envelopeOf(data),
    '4xx': FailureEnvelopeSchema,
  };
}

export function pageOptionsOf(request: { viewer: Viewer; query: PageQuery }): PageOptions {
  return {
    viewerId: request.viewer.userId,
    bookmark: request.query.bookmark,
    pageSize: request.query.page_size,
  };
}
