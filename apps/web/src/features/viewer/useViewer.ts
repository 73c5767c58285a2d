import type { UserSummary, Viewer } from '@pinboard/shared';
import { useQuery } from '@tanstack/react-query';
import { queries } from '../../api/endpoints.ts';

export interface ViewerState {
  /** The signed-in user; null for a visitor, while loading, or when the call failed. */
  viewer: UserSummary | null;
  /**
   * The whole answer: its type (UNAUTH, LIMITED_LOGIN, AUTH), `info` for the 'Welcome back'
   * screen, client_context, requires_consent and the switcher's accounts. Null while loading
   * or when the call failed.
   */
  session: Viewer | null;
  isLoading: boolean;
}

/**
 * Who is looking. Every component that asks shares one request. A failed call counts as a
 * visitor, so the page still works and offers to log in rather than showing an error.
 */
export function useViewer(): ViewerState {
  const { data, isPending } = useQuery({
    ...queries.getViewer(),
    // It changes only at sign-in and sign-out, which invalidate it.
    staleTime: Infinity,
  });
  return { viewer: data?.user ?? null, session: data ?? null, isLoading: isPending };
}
