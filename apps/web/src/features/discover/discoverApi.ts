import type { TodayKind } from '@pinboard/shared/discover';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/endpoints.ts';

/** Query keys of the discover pages; `topicPins` is one hashtag's pin pages. */
export const discoverKeys = {
  all: ['discover'] as const,
  ideas: () => [...discoverKeys.all, 'ideas'] as const,
  today: () => [...discoverKeys.all, 'today'] as const,
  todayKind: (kind: TodayKind) => [...discoverKeys.all, 'today', kind] as const,
  topicPins: (name: string, pageSize: number) => [...discoverKeys.all, 'topic', name, { pageSize }] as const,
};

// The server keeps these lists for a minute; asking again sooner would get the same answer.
const STALE_MS = 60_000;

export function useIdeas() {
  return useQuery({
    queryKey: discoverKeys.ideas(),
    queryFn: async ({ signal }) => (await api.getIdeas({}, { signal })).data,
    staleTime: STALE_MS,
  });
}

export function useToday() {
  return useQuery({
    queryKey: discoverKeys.today(),
    queryFn: async ({ signal }) => (await api.getToday({}, { signal })).data,
    staleTime: STALE_MS,
  });
}

export function useTodaySection(kind: TodayKind) {
  return useQuery({
    queryKey: discoverKeys.todayKind(kind),
    queryFn: async ({ signal }) => (await api.getTodaySection({ params: { kind } }, { signal })).data,
    staleTime: STALE_MS,
  });
}
