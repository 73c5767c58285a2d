/** Query keys of the viewer; sign-in and sign-out invalidate `viewerKeys.all`. */
export const viewerKeys = {
  all: ['viewer'] as const,
  me: () => [...viewerKeys.all, 'me'] as const,
};
