import { z } from 'zod';

/**
 * Entity ids are positive integers sent as decimal strings. The server keeps them as JavaScript
 * numbers, so an id past 2^53 - 1 cannot name a row: it is refused here, with the field named,
 * instead of reaching the database rounded or out of the bigint range.
 */
export const MAX_ID = Number.MAX_SAFE_INTEGER;
export const IdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, 'Expected a numeric id.')
  .refine((value) => Number(value) <= MAX_ID, 'Expected a numeric id.')
  .describe('Numeric id as a string');

export const UsernameSchema = z
  .string()
  .min(3)
  .max(30)
  // Dots are allowed: seeded (and imported) accounts such as `theo.okafor` have them.
  .regex(/^[A-Za-z0-9_.]+$/, 'Usernames have only letters, numbers, underscores and dots.');
