import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './client.ts';

const MAX_RETRIES = 2;

// A 4xx will not change by asking again; network failures and 5xx might.
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
