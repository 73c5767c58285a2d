import type { TodayKind } from '@pinboard/shared/discover';
import { useQuery } from '@tanstack/react-query';
import { queries } from '../../api/endpoints.ts';

// The server keeps these lists for a minute; asking again sooner would get the same answer.
const STALE_MS = 60_000;

export function useIdeas() {
  return useQuery({
    ...queries.getIdeas(),
    staleTime: STALE_MS,
  });
}

export function useToday() {
  return useQuery({
    ...queries.getToday(),
    staleTime: STALE_MS,
  });
}

export function useTodaySection(kind: TodayKind) {
  return useQuery({
    ...queries.getTodaySection({ params: { kind } }),
    staleTime: STALE_MS,
  });
}
