import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, queries } from '../../api/endpoints.ts';

/** The interests to pick from and the viewer's chosen ones (the `getInterests` endpoint). */
export function useInterests() {
  return useQuery(queries.getInterests());
}

/** Saves the viewer's interests (the whole set); the cached answer becomes the server's. */
export function useSaveInterests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (interests: string[]) => (await api.setMyInterests({ body: { interests } })).data,
    onSuccess: (answer) => {
      queryClient.setQueryData(queries.getInterests().queryKey, answer);
      // The home feed is shaped by them: its next read is a fresh one.
      void queryClient.invalidateQueries({ queryKey: ['listHomeFeed'], refetchType: 'none' });
    },
  });
}
