import { envelopeOf, FailureEnvelopeSchema } from '@pinboard/shared';
import type { z } from 'zod';

/** Response schemas of a JSON API call: its success envelope and the failure envelope. */
export function replies<T extends z.ZodType>(data: T) {
  return {
    200: envelopeOf(data),
    '4xx': FailureEnvelopeSchema,
  };
}
