import type { reportEndpoints } from '@pinboard/shared/api';
import type { AppContext } from '../../app-context.ts';
import type { EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import {
  createAgeAppeal,
  createAppeal,
  getAgeAppeal,
  listMyAppeals,
  listReportsAndViolations,
} from '../moderation/moderation.service.ts';
import { createReport } from './reports.service.ts';

export function reportRoutes({ db }: AppContext): EndpointHandlers<typeof reportEndpoints> {
  return {
    createReport: async ({ body, viewer }) => ok(await createReport(db, viewer.userId, body)),
    listReportsAndViolations: async ({ viewer }) => ok(await listReportsAndViolations(db, viewer.userId)),
    createAppeal: async ({ body, viewer }) => ok(await createAppeal(db, viewer.userId, body)),
    listAppeals: async ({ viewer }) => ok(await listMyAppeals(db, viewer.userId)),
    createAgeAppeal: async ({ body }) => ok(await createAgeAppeal(db, body)),
    getAgeAppeal: async ({ params, query }) => ok(await getAgeAppeal(db, Number(params.id), query.key)),
  };
}
