import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { BoardPage } from '../routes/BoardPage.tsx';
import { ProfilePage } from '../routes/ProfilePage.tsx';
import { SectionPage } from '../routes/SectionPage.tsx';

/** The profile, board and section pages at `path`, as the app's router arranges them. */
export function renderBrowsingPage(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home</p> },
      { path: ':username', Component: ProfilePage },
      { path: ':username/_created', Component: ProfilePage },
      { path: ':username/:board', Component: BoardPage },
      { path: ':username/:board/:section', Component: SectionPage },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
