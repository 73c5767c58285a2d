import { z } from 'zod';
import { InterestSchema, TopicNameSchema } from './discover.ts';
import { UserSummarySchema } from './users.ts';

/**
 * People and feeds: the followers and following lists, and the interests a person
 * picks at sign-up or in settings, which shape their home feed (decision 47).
 */

/** A person in a followers or following list, with what the list's follow button needs. */
export const FollowListUserSchema = UserSummarySchema.extend({
  follower_count: z.number().int(),
  followed_by_me: z.boolean(),
  is_me: z.boolean(),
});
export type FollowListUser = z.infer<typeof FollowListUserSchema>;

/** Sign-up asks for at least this many interests before Next (or Skip). */
export const MIN_SIGNUP_INTERESTS = 3;
/** The most interests a person keeps. */
export const MAX_INTERESTS = 30;

/** `PUT /v3/users/me/interests/`: the whole set of chosen interests (hashtags), replacing the old one. */
export const InterestsChoiceSchema = z.strictObject({
  interests: z
    .array(TopicNameSchema)
    .max(MAX_INTERESTS)
    .refine((names) => new Set(names).size === names.length, { message: 'Each interest once' }),
});
export type InterestsChoice = z.input<typeof InterestsChoiceSchema>;

/** `GET /v3/interests/`: the catalogue to pick from, and the viewer's chosen ones (empty for a visitor). */
export const InterestsSchema = z.object({
  interests: z.array(InterestSchema),
  chosen: z.array(z.string()),
});
export type Interests = z.infer<typeof InterestsSchema>;
