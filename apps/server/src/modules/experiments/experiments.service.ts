import {
  assignExperimentGroups,
  EXPERIMENT_NAMES,
  isExperimentGroup,
  type ExperimentGroups,
  type ExperimentOverrides,
} from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { deleteOverride, findOverrides, upsertOverride } from './experiments.repository.ts';

/** The unit's group in every experiment (unit is `user:{id}` or `visitor:{id}`). */
export async function groupsForUnit(
  db: Executor,
  unitId: string,
  now = new Date(),
): Promise<ExperimentGroups> {
  const overrides: ExperimentOverrides = { global: {}, unit: {} };
  for (const row of await findOverrides(db, unitId)) {
    (row.unitId === '' ? overrides.global : overrides.unit)[row.experiment] = row.group;
  }
  return assignExperimentGroups(unitId, overrides, now);
}

/**
 * Forces a group for everyone (unit '') or one unit; group 'default' removes the override.
 * Returns a sentence saying what changed, for the admin command.
 */
export async function setExperimentOverride(
  db: Executor,
  name: string,
  group: string,
  unitId = '',
): Promise<string> {
  if (!(EXPERIMENT_NAMES as string[]).includes(name)) {
    throw new AppError('experiment_unknown', {
      detail: `Known experiments: ${EXPERIMENT_NAMES.join(', ')}.`,
    });
  }
  const who = unitId === '' ? 'everyone' : unitId;
  if (group === 'default') {
    await deleteOverride(db, name, unitId);
    return `Experiment ${name}: removed the override for ${who}; assignment is by hash again.`;
  }
  if (!isExperimentGroup(name, group))
    throw new AppError('experiment_group_unknown', { detail: `'${group}' is not a group of ${name}.` });
  await upsertOverride(db, name, unitId, group);
  return `Experiment ${name}: ${who} now gets group '${group}'.`;
}
