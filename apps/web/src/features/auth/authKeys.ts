import { AUTH_LIMITS, EmailSchema } from '@pinboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { checkEmailExists, fetchPasswordRules } from './authApi.ts';

/** Query keys of sign-up and login. */
export const authKeys = {
  all: ['auth'] as const,
  exists: (email: string) => [...authKeys.all, 'exists', email.toLowerCase()] as const,
  passwordRules: () => [...authKeys.all, 'passwordRules'] as const,
  providers: () => [...authKeys.all, 'providers'] as const,
  sso: (email: string) => [...authKeys.all, 'sso', email.toLowerCase()] as const,
};

export const existsQuery = (email: string) => ({
  queryKey: authKeys.exists(email),
  queryFn: ({ signal }: { signal: AbortSignal }) => checkEmailExists(email, signal),
  staleTime: 60_000,
});

export const passwordRulesQuery = () => ({
  queryKey: authKeys.passwordRules(),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchPasswordRules(signal),
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
