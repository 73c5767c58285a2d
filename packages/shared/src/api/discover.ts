import { z } from 'zod';
import {
  IdeasSchema,
  TodayKindParamsSchema,
  TodaySchema,
  TodaySectionSchema,
  TopicParamsSchema,
  TopicPinsQuerySchema,
} from '../discover.ts';
import { PageQuerySchema } from '../pagination.ts';
import { PinSchema } from '../pins.ts';
import { defineEndpoint } from './endpoint.ts';

/** The home feed and the discover pages (ideas, today, topics). */
export const discoverEndpoints = {
  listHomeFeed: defineEndpoint({
    method: 'GET',
    path: '/v3/feeds/home/',
    summary: 'The home feed',
    tag: 'feed',
    access: 'visitor',
    query: PageQuerySchema,
    response: z.array(PinSchema),
  }),
  getIdeas: defineEndpoint({
    method: 'GET',
    path: '/v3/discover/ideas/',
    summary: 'Popular hashtags as interests, each with a cover picture',
    tag: 'discover',
    access: 'visitor',
    response: IdeasSchema,
  }),
  getToday: defineEndpoint({
    method: 'GET',
    path: '/v3/discover/today/',
    summary: "Today's lists, a few items each",
    tag: 'discover',
    access: 'visitor',
    response: TodaySchema,
  }),
  getTodaySection: defineEndpoint({
    method: 'GET',
    path: '/v3/discover/today/{kind}/',
    summary: "One of today's lists in full",
    tag: 'discover',
    access: 'visitor',
    params: TodayKindParamsSchema,
    response: TodaySectionSchema,
  }),
  listTopicPins: defineEndpoint({
    method: 'GET',
    path: '/v3/discover/topics/{name}/pins/',
    summary: 'Public pins carrying a hashtag, newest first',
    tag: 'discover',
    access: 'visitor',
    params: TopicParamsSchema,
    query: TopicPinsQuerySchema,
    response: z.array(PinSchema),
  }),
};
