import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { experimentOverrides } from '../../db/schema/experiments.ts';

/** Global overrides ('' unit) and the unit's own overrides, in one query. */
export async function findOverrides(db: Executor, unitId: string) {
  return db
    .select({
      experiment: experimentOverrides.experiment,
      unitId: experimentOverrides.unitId,
      group: experimentOverrides.group,
    })
    .from(experimentOverrides)
    .where(inArray(experimentOverrides.unitId, ['', unitId]));
}

export async function upsertOverride(db: Executor, experiment: string, unitId: string, group: string) {
  await db
    .insert(experimentOverrides)
    .values({ experiment, unitId, group })
    .onConflictDoUpdate({
      target: [experimentOverrides.experiment, experimentOverrides.unitId],
      set: { group, createdAt: new Date() },
    });
}

export async function deleteOverride(db: Executor, experiment: string, unitId: string) {
  await db
    .delete(experimentOverrides)
    .where(and(eq(experimentOverrides.experiment, experiment), eq(experimentOverrides.unitId, unitId)));
}
