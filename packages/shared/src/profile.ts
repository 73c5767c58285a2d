import { z } from 'zod';
import { AUTH_LIMITS } from './auth/limits.ts';
import { isReservedUsername } from './routes.ts';

/** Limits of the profile form (docs/product/profile.md#rules), for the server and the web. */
export const PROFILE_LIMITS = {
  firstNameMaxLength: AUTH_LIMITS.firstNameMaxLength,
  lastNameMaxLength: 30,
  usernameMinLength: 3,
  usernameMaxLength: 30,
  aboutMaxLength: 500,
  websiteMaxLength: 2048,
  pronounsMax: 2,
  /** An old username leads to the new one; nobody else may take it for this many days. */
  formerUsernameHeldDays: 90,
  /** The smallest crop square, in pixels of the picture (the avatar's largest rendition is 474 px). */
  avatarCropMinSize: 120,
} as const;

/** The pronouns a person may show, as Pinterest offers them; up to two. */
export const PRONOUNS = [
  'ey/em',
  'he/him',
  'ne/nem',
  'she/her',
  'they/them',
  've/ver',
  'xe/xem',
  'xie/xem',
  'ze/zir',
] as const;
export const PronounSchema = z.enum(PRONOUNS);
export type Pronoun = z.infer<typeof PronounSchema>;

/** A username someone picks: UsernameSchema's characters and length, and no reserved word. */
export const NewUsernameSchema = z
  .string()
  .trim()
  .min(PROFILE_LIMITS.usernameMinLength, { error: 'username_too_short' })
  .max(PROFILE_LIMITS.usernameMaxLength, { error: 'username_too_long' })
  .regex(/^[A-Za-z0-9_.]+$/, { error: 'username_invalid' })
  .refine((name) => !isReservedUsername(name), { error: 'username_reserved' });

/** An http(s) address, or empty for none. */
const WebsiteSchema = z
  .string()
  .trim()
  .max(PROFILE_LIMITS.websiteMaxLength, { error: 'website_invalid' })
  .refine((value) => value === '' || isHttpUrl(value), { error: 'website_invalid' });

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value).hostname.includes('.');
  } catch {
    return false;
  }
}

/** The profile form's fields, each with the rule the server applies too. */
export const ProfileFieldsSchema = z.object({
  first_name: z
    .string()
    .trim()
    .min(1, { error: 'first_name_required' })
    .max(PROFILE_LIMITS.firstNameMaxLength, { error: 'first_name_too_long' }),
  last_name: z.string().trim().max(PROFILE_LIMITS.lastNameMaxLength, { error: 'last_name_too_long' }),
  username: NewUsernameSchema,
  about: z.string().max(PROFILE_LIMITS.aboutMaxLength, { error: 'about_too_long' }),
  website_url: WebsiteSchema,
  pronouns: z
    .array(PronounSchema)
    .max(PROFILE_LIMITS.pronounsMax, { error: 'pronouns_too_many' })
    .refine((list) => new Set(list).size === list.length, { error: 'pronouns_too_many' }),
});
export type ProfileFields = z.infer<typeof ProfileFieldsSchema>;

/** `PATCH /v3/users/settings/profile/`: any of the fields; those left out stay as they are. */
export const EditProfileBodySchema = z.strictObject(ProfileFieldsSchema.partial().shape);
export type EditProfileBody = z.infer<typeof EditProfileBodySchema>;

/** `GET /v3/users/settings/profile/username/?username=`: whether the viewer may take a name. */
export const UsernameCheckQuerySchema = z.strictObject({ username: z.string().max(64) });
export const UsernameCheckSchema = z.object({
  username: z.string(),
  /** Null when the name is free (or already the viewer's); else the code a save would fail with. */
  refusal: z
    .enum([
      'username_too_short',
      'username_too_long',
      'username_invalid',
      'username_reserved',
      'username_taken',
    ])
    .nullable(),
});
export type UsernameCheck = z.infer<typeof UsernameCheckSchema>;

/**
 * The crop square of `POST /v3/users/settings/avatar/`, in pixels of the picture as shown
 * upright (EXIF orientation applied, as browsers show it): multipart fields before the file.
 */
export const AvatarCropSchema = z.strictObject({
  crop_x: z.coerce
    .number({ error: 'avatar_crop_invalid' })
    .int({ error: 'avatar_crop_invalid' })
    .min(0, { error: 'avatar_crop_invalid' }),
  crop_y: z.coerce
    .number({ error: 'avatar_crop_invalid' })
    .int({ error: 'avatar_crop_invalid' })
    .min(0, { error: 'avatar_crop_invalid' }),
  crop_size: z.coerce
    .number({ error: 'avatar_crop_invalid' })
    .int({ error: 'avatar_crop_invalid' })
    .min(PROFILE_LIMITS.avatarCropMinSize, { error: 'avatar_crop_invalid' }),
});
export type AvatarCrop = z.infer<typeof AvatarCropSchema>;
