import { OffsiteCheckBodySchema, OffsiteCheckSchema } from '../offsite.ts';
import { defineEndpoint } from './endpoint.ts';

/** Outbound link checks. */
export const offsiteEndpoints = {
  checkOffsiteLink: defineEndpoint({
    method: 'POST',
    path: '/v3/offsite/',
    summary: "Whether a link may open (safe, blocked, suspicious, porn); a safe one's token for /offsite/",
    tag: 'offsite',
    access: 'visitor',
    body: OffsiteCheckBodySchema,
    response: OffsiteCheckSchema,
  }),
};
