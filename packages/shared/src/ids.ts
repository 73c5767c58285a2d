import { z } from 'zod';

/** Entity ids are positive 64-bit integers, sent as decimal strings. */
export const IdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,18}$/, 'Expected a numeric id.')
  .describe('Numeric id as a string');

export const UsernameSchema = z
  .string()
  .min(3)
  .max(30)
  // Dots are allowed: seeded (and imported) accounts such as `theo.okafor` have them.
  .regex(/^[A-Za-z0-9_.]+$/, 'Usernames have only letters, numbers, underscores and dots.');
