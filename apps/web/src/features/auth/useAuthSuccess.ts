import { safeNextPath, type Viewer } from '@pinboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { changeViewer } from '../viewer/changeViewer.ts';
import type { AuthModalOptions } from './authModalContext.ts';
import { rememberViewer } from './storedAccounts.ts';

// Pages that exist only to log in: after success they lead home (docs/product/accounts.md#login).
const AUTH_PAGES = /^\/(login|signup|add-account)(\/|$)/;
// After a second factor (docs/product/accounts.md#rules): these lead home, any other page stays where it is.
const MFA_HOME_PAGES = /^\/(login|signup|add-account|password\/reset)(\/|$)/;

/**
 * What follows a successful sign-up or login: the account is remembered, the viewer becomes
 * the new one, every other cached answer is dropped or refetched (it was fetched as someone
 * else), then the modal closes and the page moves on: an account switch to the profile, a
 * `next` to itself, the login pages home, anything else stays where it is. After two-factor
 * login: the `next`, else the current path, except the recovery page and /add-account lead home.
 * After one-tap sign-up (`welcome`), the 'Welcome' state stays until the refetch is done. After
 * an email sign-up (`stay`) the modal stays open for the interests step, which runs it again.
 */
export function useAuthSuccess(options: AuthModalOptions, close: () => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  return async (viewer: Viewer, how: { mfa?: boolean; welcome?: boolean; stay?: boolean } = {}) => {
    rememberViewer(viewer);
    const refreshed = changeViewer(queryClient, viewer);
    if (how.welcome) await refreshed;
    // A new account's interests step: the page is the new person's behind it; the step ends it.
    if (how.stay) return;
    close();
    if (how.mfa) {
      if (options.next) await navigate(safeNextPath(options.next));
      else if (MFA_HOME_PAGES.test(pathname)) await navigate('/', { replace: true });
    } else if (options.switchAccount && viewer.user) await navigate(`/${viewer.user.username}/`);
    else if (options.next) await navigate(safeNextPath(options.next));
    else if (AUTH_PAGES.test(pathname)) await navigate('/');
  };
}
