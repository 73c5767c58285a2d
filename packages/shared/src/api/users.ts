import { z } from 'zod';
import { BoardSchema, UserBoardsQuerySchema } from '../boards.ts';
import { UsernameParamsSchema, UserProfileSchema } from '../users.ts';
import { ViewerSchema } from '../viewer.ts';
import { defineEndpoint } from './endpoint.ts';

const tag = 'users';

// No fields; an empty object or no body at all.
const NoBody = z.strictObject({}).nullish();

/** People: profiles, their boards, following them, the signed-in viewer. */
export const userEndpoints = {
  getViewer: defineEndpoint({
    method: 'GET',
    path: '/v3/users/me/',
    summary: 'The viewer: signed in (AUTH), recognised (LIMITED_LOGIN) or a visitor (UNAUTH)',
    tag,
    access: 'visitor',
    response: ViewerSchema,
    // Per person and changes at sign-in: never cached by a browser or a proxy.
    cache: { control: 'private, no-store' },
  }),
  getUser: defineEndpoint({
    method: 'GET',
    path: '/v3/users/{username}/',
    summary: "A user's public profile",
    tag,
    access: 'visitor',
    params: UsernameParamsSchema,
    response: UserProfileSchema,
  }),
  listUserBoards: defineEndpoint({
    method: 'GET',
    path: '/v3/users/{username}/boards/',
    summary: "A user's boards (BoardsResource)",
    tag: 'boards',
    access: 'visitor',
    params: UsernameParamsSchema,
    query: UserBoardsQuerySchema,
    response: z.array(BoardSchema),
    cache: { visitorAnswers: 500 },
  }),
  followUser: defineEndpoint({
    method: 'PUT',
    path: '/v3/users/{username}/follow/',
    summary: 'Follow a user',
    tag,
    access: 'signedIn',
    params: UsernameParamsSchema,
    body: NoBody,
    response: UserProfileSchema,
  }),
  unfollowUser: defineEndpoint({
    method: 'DELETE',
    path: '/v3/users/{username}/follow/',
    summary: 'Unfollow a user',
    tag,
    access: 'signedIn',
    params: UsernameParamsSchema,
    body: NoBody,
    response: UserProfileSchema,
  }),
};
