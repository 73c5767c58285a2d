import { z } from 'zod';
import { EditProfileBodySchema, UsernameCheckQuerySchema, UsernameCheckSchema } from '../profile.ts';
import { UserProfileSchema } from '../users.ts';
import { defineEndpoint } from './endpoint.ts';

const tag = 'settings';
// Every answer is about the signed-in person's own profile.
const cache = { control: 'private, no-store' } as const;
const NoBody = z.strictObject({}).nullish();

/** Editing one's own profile and its picture (decision 45). */
export const profileEndpoints = {
  editProfile: defineEndpoint({
    method: 'PATCH',
    path: '/v3/users/settings/profile/',
    summary: 'Edit the profile: names, username (the old one leads to the new), about, website, pronouns',
    tag,
    access: 'signedIn',
    body: EditProfileBodySchema,
    response: UserProfileSchema,
    cache,
  }),
  checkUsername: defineEndpoint({
    method: 'GET',
    path: '/v3/users/settings/profile/username/',
    summary: 'Whether the viewer may take a username, and why not',
    tag,
    access: 'signedIn',
    query: UsernameCheckQuerySchema,
    response: UsernameCheckSchema,
    rateLimit: { limit: 'username-check', by: 'viewer' },
    cache,
  }),
  uploadAvatar: defineEndpoint({
    method: 'POST',
    path: '/v3/users/settings/avatar/',
    summary: 'A new profile picture: crop_x, crop_y, crop_size fields, then the image file',
    tag,
    access: 'signedIn',
    body: 'multipart',
    response: UserProfileSchema,
    rateLimit: { limit: 'avatar-upload', by: 'viewer' },
    cache,
  }),
  removeAvatar: defineEndpoint({
    method: 'DELETE',
    path: '/v3/users/settings/avatar/',
    summary: 'Remove the profile picture',
    tag,
    access: 'signedIn',
    body: NoBody,
    response: UserProfileSchema,
    cache,
  }),
};
