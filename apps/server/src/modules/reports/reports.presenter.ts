import type { Report } from '@pinboard/shared';
import type { ReportRow } from './reports.repository.ts';

export function presentReport(row: ReportRow): Report {
  return {
    id: String(row.id),
    object_type: row.objectType,
    object_id: String(row.objectId),
    reason: row.reason,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}
