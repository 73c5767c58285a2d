import { AUTH_LIMITS, EmailSchema } from '@pinboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { endpointKey, queries } from '../../api/endpoints.ts';
import { checkEmailExists } from './authApi.ts';

export const existsQuery = (email: string) => ({
  // Addresses are case-insensitive: one cached answer per lower-cased address.
  queryKey: endpointKey('checkEmailExists', { query: { email: email.toLowerCase() } }),
  queryFn: ({ signal }: { signal: AbortSignal }) => checkEmailExists(email, signal),
  staleTime: 60_000,
});

export const passwordRulesQuery = () => ({
  ...queries.getPasswordRules(),
  staleTime: Infinity,
});

/**
 * The availability check runs first. It starts 300 ms after the visitor
 * stops typing a valid email, so the answer is usually in the cache when they submit.
 */
export function useEmailAvailabilityCheck(email: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const parsed = EmailSchema.safeParse(email);
    if (!parsed.success) return;
    const timer = setTimeout(
      () => void queryClient.prefetchQuery(existsQuery(parsed.data)),
      AUTH_LIMITS.debounceMs,
    );
    return () => clearTimeout(timer);
  }, [email, queryClient]);
}
