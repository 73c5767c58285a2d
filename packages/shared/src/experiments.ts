import { z } from 'zod';

/**
 * Named experiments. Each unit (a signed-in user's id, else the visitor cookie id)
 * falls deterministically into one group by hashing `name:unit`. Units in the current
 * yearly or half-yearly holdout get `control` in every experiment that honours holdouts.
 */
export interface ExperimentDefinition {
  groups: Readonly<Record<string, number>>;
  /** Whether yearly and half-yearly holdout units are kept out (they get `control`). */
  honoursHoldouts: boolean;
  description: string;
}

export const EXPERIMENTS = {
  web_forgot_password_type: {
    groups: { control: 50, unified: 50 },
    honoursHoldouts: true,
    description: 'Forgot-password call type: control sends reset, unified sends unified.',
  },
  web_login_qr_code: {
    groups: { control: 90, enabled: 10 },
    honoursHoldouts: true,
    description: "Shows the 'Use QR code' button in the login modal.",
  },
  web_disable_facebook_login: {
    groups: { control: 100, enabled: 0 },
    honoursHoldouts: false,
    description: 'Hides first-provider login when enabled.',
  },
  web_prevent_facebook_register: {
    groups: { control: 100, enabled: 0 },
    honoursHoldouts: false,
    description: 'Closes Facebook sign-up for new users when enabled (recovery modal 4 and the banner).',
  },
  web_disable_google_login: {
    groups: { control: 100, enabled: 0 },
    honoursHoldouts: false,
    description: 'Hides second-provider login when enabled.',
  },
} as const satisfies Record<string, ExperimentDefinition>;

export type ExperimentName = keyof typeof EXPERIMENTS;
export const EXPERIMENT_NAMES = Object.keys(EXPERIMENTS) as ExperimentName[];

/** Share of units (in basis points of 10,000) held out of every holdout-honouring experiment. */
export const HOLDOUT_BASIS_POINTS = { yearly: 100, halfYearly: 100 } as const;

export const HOLDOUT_GROUP = 'holdout';
export const CONTROL_GROUP = 'control';

/** The viewer's experiment groups as the web app reads them. */
export const ExperimentGroupsSchema = z.record(z.string(), z.string());
export type ExperimentGroups = z.infer<typeof ExperimentGroupsSchema>;

/** 32-bit FNV-1a: cheap, stable across runtimes, good enough to spread units over buckets. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A unit's bucket in [0, 10000) for one salt. */
export function bucketOf(salt: string, unitId: string): number {
  return fnv1a(`${salt}:${unitId}`) % 10_000;
}

/** The holdout periods in force at a date: the year, and the year's half. */
export function holdoutPeriods(now: Date): { yearly: string; halfYearly: string } {
  const year = now.getUTCFullYear();
  return { yearly: `holdout:${year}`, halfYearly: `holdout:${year}H${now.getUTCMonth() < 6 ? 1 : 2}` };
}

export function isInHoldout(unitId: string, now: Date): boolean {
  const periods = holdoutPeriods(now);
  return (
    bucketOf(periods.yearly, unitId) < HOLDOUT_BASIS_POINTS.yearly ||
    bucketOf(periods.halfYearly, unitId) < HOLDOUT_BASIS_POINTS.halfYearly
  );
}

/** Picks a group from weights by bucket; weights are relative and need not sum to 100. */
export function groupForBucket(groups: Readonly<Record<string, number>>, bucket: number): string {
  const entries = Object.entries(groups).filter(([, weight]) => weight > 0);
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  if (total === 0) return CONTROL_GROUP;
  let point = (bucket / 10_000) * total;
  for (const [group, weight] of entries) {
    if (point < weight) return group;
    point -= weight;
  }
  return entries[entries.length - 1]![0];
}

export interface ExperimentOverrides {
  /** Group forced for everyone, by experiment. */
  global: Partial<Record<string, string>>;
  /** Group forced for this unit, by experiment. */
  unit: Partial<Record<string, string>>;
}

/** Every experiment's group for one unit: unit override, then global override, then holdout, then hash. */
export function assignExperimentGroups(
  unitId: string,
  overrides: ExperimentOverrides,
  now: Date,
): ExperimentGroups {
  const heldOut = isInHoldout(unitId, now);
  const groups: ExperimentGroups = {};
  for (const name of EXPERIMENT_NAMES) {
    const definition: ExperimentDefinition = EXPERIMENTS[name];
    groups[name] =
      overrides.unit[name] ??
      overrides.global[name] ??
      (heldOut && definition.honoursHoldouts
        ? HOLDOUT_GROUP
        : groupForBucket(definition.groups, bucketOf(name, unitId)));
  }
  return groups;
}

/** Whether a group name is valid for an experiment (for the admin command). */
export function isExperimentGroup(name: string, group: string): boolean {
  const definition = (EXPERIMENTS as Record<string, ExperimentDefinition>)[name];
  return definition !== undefined && (group in definition.groups || group === HOLDOUT_GROUP);
}
