import { z } from 'zod';
import { BirthdayDaySchema } from './account-settings.ts';
import { EmailSchema } from './auth/email.ts';
import { IdSchema } from './ids.ts';
import { REPORT_OBJECT_TYPES, REPORT_REASONS } from './pin-edit.ts';

/*
 * Reports, moderation and appeals (decision 54; docs/product/safety.md). Operators
 * decide with `npm run admin -- reports|appeals|age-appeals …`; people see the outcomes.
 */

/** What an operator does with a report: take the object down, warn or suspend its owner, or nothing. */
export const MODERATION_ACTIONS = ['remove', 'warn', 'suspend', 'dismiss'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** How an appeal of a removal ends: the object back, or the removal kept. */
export const APPEAL_OUTCOMES = ['restore', 'uphold'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];
export const APPEAL_STATUSES = ['pending', 'restored', 'upheld'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

export const AGE_APPEAL_OUTCOMES = ['approve', 'deny'] as const;
export const AGE_APPEAL_STATUSES = ['pending', 'approved', 'denied'] as const;
export type AgeAppealStatus = (typeof AGE_APPEAL_STATUSES)[number];

/** The longest reason an appeal takes. */
export const APPEAL_REASON_MAX = 1000;

const ReportObjectTypeSchema = z.enum(REPORT_OBJECT_TYPES);

/** A short picture of what a report or violation is about, when the viewer may still see it. */
export const ModeratedObjectSchema = z.object({
  title: z.string(),
  image_url: z.string().nullable(),
  url: z.string().nullable(),
});

/** `POST /v3/appeals/`: the owner of a removed object asks for it back. */
export const CreateAppealSchema = z.strictObject({
  object_type: ReportObjectTypeSchema,
  object_id: IdSchema,
  reason: z
    .string()
    .trim()
    .min(1, { error: 'appeal_reason_required' })
    .max(APPEAL_REASON_MAX, { error: `Keep it under ${APPEAL_REASON_MAX} characters.` }),
});
export type CreateAppeal = z.infer<typeof CreateAppealSchema>;

export const AppealSchema = z.object({
  id: IdSchema,
  object_type: ReportObjectTypeSchema,
  object_id: IdSchema,
  /** The report reason the object was removed for. */
  violation: z.enum(REPORT_REASONS),
  reason: z.string(),
  status: z.enum(APPEAL_STATUSES),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  object: ModeratedObjectSchema.nullable(),
});
export type Appeal = z.infer<typeof AppealSchema>;

export const AppealListSchema = z.object({ items: z.array(AppealSchema) });

/** A report the viewer made, with what came of it. */
export const MyReportSchema = z.object({
  id: IdSchema,
  object_type: ReportObjectTypeSchema,
  object_id: IdSchema,
  reason: z.enum(REPORT_REASONS),
  status: z.enum(['open', 'closed']),
  /** What the operator did; null while open. */
  outcome: z.enum(MODERATION_ACTIONS).nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type MyReport = z.infer<typeof MyReportSchema>;

/** An operator's action against something of the viewer's (a removal, a warning, a suspension). */
export const ViolationSchema = z.object({
  id: IdSchema,
  object_type: ReportObjectTypeSchema,
  object_id: IdSchema,
  reason: z.enum(REPORT_REASONS),
  action: z.enum(['remove', 'warn', 'suspend']),
  note: z.string().nullable(),
  created_at: z.string(),
  /** The appeal of a removal, once made. */
  appeal: z.object({ id: IdSchema, status: z.enum(APPEAL_STATUSES) }).nullable(),
  object: ModeratedObjectSchema.nullable(),
});
export type Violation = z.infer<typeof ViolationSchema>;

/** `GET /v3/reports/`: the viewer's own reports and the violations against them, newest first. */
export const ReportsAndViolationsSchema = z.object({
  reports: z.array(MyReportSchema),
  violations: z.array(ViolationSchema),
});
export type ReportsAndViolations = z.infer<typeof ReportsAndViolationsSchema>;

/** `POST /v3/age-appeals/`: someone the age rule kept out asks for a review of their birthday. */
export const CreateAgeAppealSchema = z.strictObject({
  email: EmailSchema,
  birthday: BirthdayDaySchema,
});
export type CreateAgeAppeal = z.infer<typeof CreateAgeAppealSchema>;

/** An age review; `key` (only in the answer that created it) lets its browser ask for the outcome. */
export const AgeAppealSchema = z.object({
  id: IdSchema,
  status: z.enum(AGE_APPEAL_STATUSES),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  key: z.string().optional(),
});
export type AgeAppeal = z.infer<typeof AgeAppealSchema>;

export const AgeAppealParamsSchema = z.strictObject({ id: IdSchema });
export const AgeAppealQuerySchema = z.strictObject({
  key: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'Expected the key the review was given.'),
});
