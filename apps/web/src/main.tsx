import './i18n.ts';
import './styles/global.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from './api/query-client.ts';
import { createAppRouter } from './router.tsx';
import { takeOverEarlyClicks } from './ssr/earlyClicks.ts';
import { hydrateServerState } from './ssr/hydrateServerState.ts';

const queryClient = createQueryClient();
// A server-rendered page carries the answers it was drawn from: in the cache before the router
// runs its loaders and before the first render, so neither asks for them again.
const serverRendered = hydrateServerState(queryClient, document);
const router = createAppRouter(queryClient);

function render() {
  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
  if (serverRendered) hydrateRoot(root, app);
  else createRoot(root).render(app);
  takeOverEarlyClicks();
}

// The first render takes over what the server drew in #root (a page it rendered, or the home
// page's first row): once the route's code and data are in, so it goes straight to the page,
// never to a loading state in between. The route's chunk is preloaded with the HTML, so this
// waits very little.
if (router.state.initialized) render();
else {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    render();
  });
}
