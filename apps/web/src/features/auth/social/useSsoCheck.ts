import { AUTH_LIMITS, EmailSchema, type SsoInfo } from '@pinboard/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { endpointKey } from '../../../api/endpoints.ts';
import { checkSso } from './socialApi.ts';

/** An answer's authorization URL holds a flow the server keeps 30 minutes (decision 21); ask again before. */
const SSO_INFO_STALE_MS = 20 * 60_000;

/** The SSO check's verdict for a form: the organisation's sign-in to offer, or null. */
export interface SsoCheck {
  info: SsoInfo | null;
  /** The address the verdict is for. */
  email: string;
  /** After a popup used the flow: a fresh check, so another try gets a fresh flow. */
  renew: () => void;
}

/**
 * 300 ms after the email becomes valid, `getSsoInfo`.
 * Single sign-on is offered for an SSO domain to a new person or an existing SSO user; an
 * existing account that is not an SSO one keeps the normal flow. Until the answer, and for
 * anything else, `info` is null.
 */
export function useSsoCheck(email: string): SsoCheck {
  const queryClient = useQueryClient();
  const parsed = EmailSchema.safeParse(email);
  const valid = parsed.success ? parsed.data : null;
  const [debounced, setDebounced] = useState<string | null>(null);
  useEffect(() => {
    if (valid === null) return;
    const timer = setTimeout(() => setDebounced(valid), AUTH_LIMITS.debounceMs);
    return () => clearTimeout(timer);
  }, [valid]);
  const current = valid !== null && debounced === valid ? valid : null;
  const { data } = useQuery({
    // Addresses are case-insensitive: one cached verdict per lower-cased address.
    queryKey: endpointKey('getSsoInfo', { body: { email: (current ?? '').toLowerCase() } }),
    queryFn: ({ signal }) => checkSso(current!, signal),
    enabled: current !== null,
    staleTime: SSO_INFO_STALE_MS,
    retry: false,
  });
  const renew = useCallback(() => {
    if (current)
      void queryClient.invalidateQueries({
        queryKey: endpointKey('getSsoInfo', { body: { email: current.toLowerCase() } }),
      });
  }, [current, queryClient]);
  const offered =
    current !== null &&
    data?.is_sso &&
    data.authorization_uri &&
    (!data.existing_user || data.existing_user_is_sso);
  return { info: offered ? data : null, email: current ?? '', renew };
}
