import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoading, RootLayout } from './routes/RootLayout.tsx';
import { RouteErrorPage } from './routes/RouteErrorPage.tsx';

// Pages are lazy so each one's code loads only when it is visited; the layout is tiny and always needed.
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./routes/HomePage.tsx')).HomePage }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/NotFoundPage.tsx')).NotFoundPage }),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
