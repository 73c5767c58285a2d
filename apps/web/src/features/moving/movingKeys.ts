/** Query keys of the moving feature: hashtag suggestions, cached per typed query. */
export const movingKeys = {
  all: ['moving'] as const,
  hashtags: (q: string) => [...movingKeys.all, 'hashtags', q.toLowerCase()] as const,
};
