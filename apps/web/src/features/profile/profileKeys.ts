import type { BoardSort } from '@pinboard/shared/board-sorts';

/**
 * Query keys of what a profile lists (the profile itself is `userKeys.profile`, shared with
 * the follow button). Usernames are case-insensitive, so `/Maya` and `/maya` share entries.
 */
export const profileKeys = {
  all: ['profile'] as const,
  of: (username: string) => [...profileKeys.all, username.toLowerCase()] as const,
  boards: (username: string, sort: BoardSort) => [...profileKeys.of(username), 'boards', { sort }] as const,
  createdPins: (username: string) => [...profileKeys.of(username), 'pins', { filter: 'created' }] as const,
};
