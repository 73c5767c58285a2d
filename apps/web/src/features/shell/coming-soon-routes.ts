import { WEB_ROUTES, type WebRoute } from '@pinboard/shared/routes';
import type { RouteObject } from 'react-router';

// One lazily loaded page for all of them: its code arrives only when someone opens one.
const loadComingSoonPage = async () => ({
  Component: (await import('../../routes/ComingSoonPage.tsx')).ComingSoonPage,
});

/**
 * Catalogued routes whose pages the web app already has, before the shared catalogue marks them
 * available (it is not ours to edit): the sign-up and login pages. `login/*` and `signup/*` still
 * show the coming-soon page for deeper paths the app does not have yet (router.tsx ranks
 * `/login` and `/login/business` above them).
 */
const BUILT_AHEAD = new Set(['login', 'signup', 'addAccount']);
const REPLACED = new Set(['addAccount']);

export function isBuiltAhead(route: WebRoute): boolean {
  return BUILT_AHEAD.has(route.id);
}

/**
 * A route for every catalogued page whose feature is not built yet. When a feature lands, its
 * routes turn `available` in the catalogue and get their own entries in router.tsx.
 */
export const comingSoonRoutes: RouteObject[] = WEB_ROUTES.filter(
  (route) => route.status === 'comingSoon' && !REPLACED.has(route.id),
).map((route) => ({ id: `comingSoon:${route.id}`, path: route.pattern, lazy: loadComingSoonPage }));
