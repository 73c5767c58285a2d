import { z } from 'zod';

/** The failure body every error answer carries (docs/product/README.md#http-conventions). */
export const ApiErrorSchema = z.object({
  http_status: z.number().int(),
  api_error_code: z.number().int(),
  code: z.string(),
  message: z.string(),
  message_detail: z.string().nullable(),
  field: z.string().nullable(),
  /** Extra facts some codes carry (`mfa_required`: `{ phone_number_end }`); absent otherwise. */
  data: z.record(z.string(), z.unknown()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** Wraps a data schema in the success envelope. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({
    resource_response: z.object({
      status: z.literal('success'),
      data,
      bookmark: z.string().nullable(),
    }),
  });
}

export const FailureEnvelopeSchema = z.object({
  resource_response: z.object({
    status: z.literal('failure'),
    data: z.null(),
    error: ApiErrorSchema,
  }),
});
export type FailureEnvelope = z.infer<typeof FailureEnvelopeSchema>;

export interface SuccessEnvelope<T> {
  resource_response: { status: 'success'; data: T; bookmark: string | null };
}
