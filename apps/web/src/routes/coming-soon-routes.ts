import { WEB_ROUTES } from '@pinboard/shared/routes';
import type { RouteObject } from 'react-router';

// One lazily loaded page for all of them: its code arrives only when someone opens one.
const loadComingSoonPage = async () => ({
  Component: (await import('./ComingSoonPage.tsx')).ComingSoonPage,
});

/**
 * A route for every catalogued page whose feature is not built yet. When a feature lands, its
 * routes turn `available` in the catalogue and get their own entries in router.tsx.
 */
export const comingSoonRoutes: RouteObject[] = WEB_ROUTES.filter(
  (route) => route.status === 'comingSoon',
).map((route) => ({ id: `comingSoon:${route.id}`, path: route.pattern, lazy: loadComingSoonPage }));
