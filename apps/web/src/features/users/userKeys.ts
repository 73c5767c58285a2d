/** Query keys of people; `all` prefixes the rest so one invalidation covers every user query. */
export const userKeys = {
  all: ['users'] as const,
  /** A public profile, as `getUser` answers it (follow state included). */
  profile: (username: string) => [...userKeys.all, 'profile', username.toLowerCase()] as const,
};
