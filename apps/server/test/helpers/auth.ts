import { randomBytes } from 'node:crypto';

/** A password every sign-up rule accepts. */
export const GOOD_PASSWORD = 'violet-harbour-71';

/** Unix seconds of a UTC date, as the birthday field sends it. */
export const birthdaySeconds = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / 1000;

/** A unique address per call, so test files and runs never collide (Redis counters outlive a run). */
export const uniqueEmail = (local = 'ada') => `${local}.${randomBytes(4).toString('hex')}@example.com`;

/** A valid `POST /v3/register/` body, with overrides. */
export function registerBody(overrides: Record<string, unknown> = {}) {
  return {
    type: 'email',
    email: uniqueEmail(),
    password: GOOD_PASSWORD,
    birthday: birthdaySeconds('1990-05-17'),
    ...overrides,
  };
}
