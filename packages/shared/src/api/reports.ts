import {
  AgeAppealParamsSchema,
  AgeAppealQuerySchema,
  AgeAppealSchema,
  AppealListSchema,
  AppealSchema,
  CreateAgeAppealSchema,
  CreateAppealSchema,
  ReportsAndViolationsSchema,
} from '../moderation.ts';
import { CreateReportSchema, ReportSchema } from '../pin-edit.ts';
import { defineEndpoint } from './endpoint.ts';

/** Reports of pins, comments, boards and people, and appeals of moderation (decision 54). */
export const reportEndpoints = {
  createReport: defineEndpoint({
    method: 'POST',
    path: '/v3/reports/',
    summary: 'Report a pin, comment, board or person the viewer may see; one open report per object',
    tag: 'reports',
    access: 'signedIn',
    body: CreateReportSchema,
    response: ReportSchema,
    rateLimit: { limit: 'reports', by: 'viewer' },
  }),
  listReportsAndViolations: defineEndpoint({
    method: 'GET',
    path: '/v3/reports/',
    summary: "The viewer's own reports and the violations against them, with their outcomes",
    tag: 'reports',
    access: 'signedIn',
    response: ReportsAndViolationsSchema,
  }),
  createAppeal: defineEndpoint({
    method: 'POST',
    path: '/v3/appeals/',
    summary: 'Appeal the removal of something of the viewer’s own (once per removal)',
    tag: 'reports',
    access: 'signedIn',
    body: CreateAppealSchema,
    response: AppealSchema,
    rateLimit: { limit: 'appeals', by: 'viewer' },
  }),
  listAppeals: defineEndpoint({
    method: 'GET',
    path: '/v3/appeals/',
    summary: "The viewer's appeals with their outcomes, newest first",
    tag: 'reports',
    access: 'signedIn',
    response: AppealListSchema,
  }),
  createAgeAppeal: defineEndpoint({
    method: 'POST',
    path: '/v3/age-appeals/',
    summary:
      'Ask for a review of a birthday the age rule refused at sign-up; answers the key to read its outcome',
    tag: 'reports',
    access: 'visitor',
    body: CreateAgeAppealSchema,
    response: AgeAppealSchema,
    rateLimit: { limit: 'age-appeals', by: 'address' },
  }),
  getAgeAppeal: defineEndpoint({
    method: 'GET',
    path: '/v3/age-appeals/{id}/',
    summary: "An age review's outcome, for the holder of its key",
    tag: 'reports',
    access: 'visitor',
    params: AgeAppealParamsSchema,
    query: AgeAppealQuerySchema,
    response: AgeAppealSchema,
    rateLimit: { limit: 'age-appeal-read', by: 'address' },
  }),
};
