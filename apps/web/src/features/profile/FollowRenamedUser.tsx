import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LoadingState } from '../../ui/PageStates.tsx';
import { useUserProfile } from '../users/useUserProfile.ts';
import { renamedPath } from './renamedUser.ts';

/**
 * Shown where a board or section of `username` was not found: when the name is one its person
 * left, the address is replaced by the one under their new name (the server answers such a
 * page request with a 301 itself); otherwise `children`, the not-found state.
 */
export function FollowRenamedUser({ username, children }: { username: string; children: ReactNode }) {
  const profile = useUserProfile(username);
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const moved = profile.data ? renamedPath(pathname, username, profile.data.username) : null;
  useEffect(() => {
    if (moved) void navigate(`${moved}${search}${hash}`, { replace: true });
  }, [moved, search, hash, navigate]);
  if (moved || profile.status === 'pending') return <LoadingState />;
  return children;
}
