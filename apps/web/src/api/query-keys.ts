/**
 * Query keys by area. Each area's `all` key prefixes its other keys, so a mutation can
 * invalidate exactly the area it changed (`queryClient.invalidateQueries({ queryKey: feedKeys.all })`).
 */
export const feedKeys = {
  all: ['feed'] as const,
  home: (pageSize: number) => [...feedKeys.all, 'home', { pageSize }] as const,
};

export const experimentKeys = {
  all: ['experiments'] as const,
  viewer: () => [...experimentKeys.all, 'viewer'] as const,
};
