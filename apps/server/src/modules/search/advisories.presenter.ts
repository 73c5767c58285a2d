import { SensitivityNoticeSchema, type Advisory } from '@pinboard/shared';
import type { AdvisoryRow } from './advisories.repository.ts';

export function presentAdvisory(row: AdvisoryRow): Advisory {
  return {
    advisory: row.term,
    severity: row.severity as Advisory['severity'],
    advisory_type: row.advisoryType,
    resource_country: row.resourceCountry,
    level: row.level,
    advisory_details: SensitivityNoticeSchema.parse(row.notice),
  };
}
