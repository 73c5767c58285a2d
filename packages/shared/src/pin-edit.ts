import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { PIN_DESCRIPTION_MAX, PIN_TITLE_MAX } from './pins.ts';

/** Editing, deleting, hiding and reporting pins (decision 43; docs/product/pins.md). */

export const PIN_ALT_TEXT_MAX = 500;
export const PIN_LINK_MAX = 2048;

/**
 * `PATCH /v3/pins/{id}/` (the pin's pinner): every field optional. `board_id` moves the pin (to the
 * board's top level unless `section_id` names one of its sections); `section_id` alone moves it
 * within its board, null to the top level. An empty `link` removes it.
 */
export const UpdatePinSchema = z.strictObject({
  title: z.string().trim().max(PIN_TITLE_MAX).optional(),
  description: z.string().max(PIN_DESCRIPTION_MAX).optional(),
  link: z.string().max(PIN_LINK_MAX).nullish(),
  alt_text: z.string().trim().max(PIN_ALT_TEXT_MAX).optional(),
  board_id: IdSchema.optional(),
  section_id: IdSchema.nullish(),
});
export type UpdatePin = z.infer<typeof UpdatePinSchema>;

/** `PUT`/`DELETE /v3/pins/{id}/hide/`: whether the viewer now sees fewer like this pin. */
export const PinHiddenSchema = z.object({ pin_id: IdSchema, hidden: z.boolean() });
export type PinHidden = z.infer<typeof PinHiddenSchema>;

/**
 * What can be reported. Moderation acts on the kinds the server's `MODERATED_OBJECTS` has an entry
 * for (decision 54); 'comment' is accepted and answers not found until comments exist.
 */
export const REPORT_OBJECT_TYPES = ['pin', 'comment', 'board', 'user'] as const;
export type ReportObjectType = (typeof REPORT_OBJECT_TYPES)[number];
export const REPORT_REASONS = [
  'spam',
  'nudity',
  'self_harm',
  'misinformation',
  'hateful',
  'harassment',
  'violence',
  'intellectual_property',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ['open', 'closed'] as const;

/** `POST /v3/reports/`: something the reporter may see, and why. */
export const CreateReportSchema = z.strictObject({
  object_type: z.enum(REPORT_OBJECT_TYPES),
  object_id: IdSchema,
  reason: z.enum(REPORT_REASONS),
});
export type CreateReport = z.infer<typeof CreateReportSchema>;

export const ReportSchema = z.object({
  id: IdSchema,
  object_type: z.enum(REPORT_OBJECT_TYPES),
  object_id: IdSchema,
  reason: z.enum(REPORT_REASONS),
  status: z.enum(REPORT_STATUSES),
  created_at: z.string(),
});
export type Report = z.infer<typeof ReportSchema>;
