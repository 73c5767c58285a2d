import { z } from 'zod';
import {
  BoardParamsSchema,
  BoardSchema,
  BoardSectionParamsSchema,
  BoardSectionSchema,
  UserBoardParamsSchema,
} from '../boards.ts';
import { PageQuerySchema } from '../pagination.ts';
import { PinSchema } from '../pins.ts';
import { defineEndpoint } from './endpoint.ts';

const tag = 'boards';

export const boardEndpoints = {
  getBoard: defineEndpoint({
    method: 'GET',
    path: '/v3/boards/{id}/',
    summary: 'A board',
    tag,
    access: 'visitor',
    params: BoardParamsSchema,
    response: BoardSchema,
  }),
  getBoardByAddress: defineEndpoint({
    method: 'GET',
    path: '/v3/users/{username}/boards/{slug}/',
    summary: 'A board by its owner and slug (the board page address)',
    tag,
    access: 'visitor',
    params: UserBoardParamsSchema,
    response: BoardSchema,
  }),
  listBoardPins: defineEndpoint({
    method: 'GET',
    path: '/v3/boards/{id}/pins/',
    summary: "A board's pins, newest first",
    tag,
    access: 'visitor',
    params: BoardParamsSchema,
    query: PageQuerySchema,
    response: z.array(PinSchema),
    cache: { visitorAnswers: 500 },
  }),
  listBoardSections: defineEndpoint({
    method: 'GET',
    path: '/v3/boards/{id}/sections/',
    summary: "A board's sections in order",
    tag,
    access: 'visitor',
    params: BoardParamsSchema,
    query: PageQuerySchema,
    response: z.array(BoardSectionSchema),
  }),
  getSectionBySlug: defineEndpoint({
    method: 'GET',
    path: '/v3/boards/{id}/sections/{slug}/',
    summary: 'A section of a board by its slug (the section page address)',
    tag,
    access: 'visitor',
    params: BoardSectionParamsSchema,
    response: BoardSectionSchema,
  }),
  listSectionPins: defineEndpoint({
    method: 'GET',
    path: '/v3/board_sections/{id}/pins/',
    summary: "A board section's pins, newest first",
    tag,
    access: 'visitor',
    params: BoardParamsSchema,
    query: PageQuerySchema,
    response: z.array(PinSchema),
  }),
  followBoard: defineEndpoint({
    method: 'PUT',
    path: '/v3/boards/{id}/follow/',
    summary: 'Follow a board',
    tag,
    access: 'signedIn',
    params: BoardParamsSchema,
    // No fields; an empty object or no body at all.
    body: z.strictObject({}).nullish(),
    response: BoardSchema,
  }),
  unfollowBoard: defineEndpoint({
    method: 'DELETE',
    path: '/v3/boards/{id}/follow/',
    summary: 'Unfollow a board',
    tag,
    access: 'signedIn',
    params: BoardParamsSchema,
    body: z.strictObject({}).nullish(),
    response: BoardSchema,
  }),
};
