import { z } from 'zod';
import { IdSchema, UsernameSchema } from './ids.ts';

export const UserSummarySchema = z.object({
  id: IdSchema,
  username: z.string(),
  full_name: z.string(),
  first_name: z.string(),
  image_medium_url: z.string().nullable(),
  image_large_url: z.string().nullable(),
  avatar_color_index: z.number().int().min(0).max(9),
});
export type UserSummary = z.infer<typeof UserSummarySchema>;

export const UserProfileSchema = UserSummarySchema.extend({
  last_name: z.string(),
  about: z.string(),
  website_url: z.string().nullable(),
  /** Up to two of PRONOUNS (profile.ts), as the person chose them. */
  pronouns: z.array(z.string()),
  type: z.enum(['personal', 'business']),
  is_partner: z.boolean(),
  pin_count: z.number().int(),
  board_count: z.number().int(),
  follower_count: z.number().int(),
  following_count: z.number().int(),
  created_at: z.string(),
  followed_by_me: z.boolean(),
  /** The viewer blocked this person (decision 52): the profile's menu offers Unblock. */
  blocked_by_me: z.boolean(),
  is_me: z.boolean(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

/**
 * `GET /v3/users/settings/`: the facts the pin-create page reads (User settings;
 * docs/product/creating.md#api-calls).
 */
export const UserSettingsSchema = z.object({
  /** Whether an Instagram account is linked to this one (no way to link one exists yet). */
  connected_to_instagram: z.boolean(),
  /** The website on the viewer's profile, if any. */
  listed_website_url: z.string().nullable(),
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;

export const UsernameParamsSchema = z.strictObject({ username: UsernameSchema });
