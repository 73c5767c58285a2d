import { z } from 'zod';
import { BoardParamsSchema } from '../boards.ts';
import { PageQuerySchema } from '../pagination.ts';
import { FollowListUserSchema, InterestsChoiceSchema, InterestsSchema } from '../people.ts';
import { PinSchema } from '../pins.ts';
import { UsernameParamsSchema } from '../users.ts';
import { defineEndpoint } from './endpoint.ts';

const tag = 'people';

/** People and feeds (decision 47): who follows whom, the Following feed, interests. */
export const peopleEndpoints = {
  listUserFollowers: defineEndpoint({
    method: 'GET',
    path: '/v3/users/{username}/followers/',
    summary: 'The active people who follow a person, most recent follow first',
    tag,
    access: 'visitor',
    params: UsernameParamsSchema,
    query: PageQuerySchema,
    response: z.array(FollowListUserSchema),
    cache: { visitorAnswers: 500 },
  }),
  listUserFollowing: defineEndpoint({
    method: 'GET',
    path: '/v3/users/{username}/following/',
    summary: 'The active people a person follows, most recent follow first',
    tag,
    access: 'visitor',
    params: UsernameParamsSchema,
    query: PageQuerySchema,
    response: z.array(FollowListUserSchema),
    cache: { visitorAnswers: 500 },
  }),
  listBoardFollowers: defineEndpoint({
    method: 'GET',
    path: '/v3/boards/{id}/followers/',
    summary: 'The active people who follow a board the viewer may see, most recent first',
    tag,
    access: 'visitor',
    params: BoardParamsSchema,
    query: PageQuerySchema,
    response: z.array(FollowListUserSchema),
    cache: { visitorAnswers: 500 },
  }),
  listFollowingFeed: defineEndpoint({
    method: 'GET',
    path: '/v3/feeds/following/',
    summary: 'Pins from the people and boards the viewer follows, newest first',
    tag: 'feed',
    access: 'signedIn',
    query: PageQuerySchema,
    response: z.array(PinSchema),
    cache: { control: 'private, no-store' },
  }),
  getInterests: defineEndpoint({
    method: 'GET',
    path: '/v3/interests/',
    summary: "The interests to pick from, each with a picture, and the viewer's chosen ones",
    tag,
    access: 'visitor',
    response: InterestsSchema,
  }),
  setMyInterests: defineEndpoint({
    method: 'PUT',
    path: '/v3/users/me/interests/',
    summary: "Replaces the viewer's interests (hashtags), which shape their home feed",
    tag,
    access: 'signedIn',
    body: InterestsChoiceSchema,
    response: InterestsSchema,
  }),
};
