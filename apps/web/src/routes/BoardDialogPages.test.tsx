// @vitest-environment jsdom
import '../i18n.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../router.tsx';
import { failure, stubApi, success } from '../test/apiStub.ts';
import { signedInViewer } from '../test/auth.tsx';
import { buildBoard, buildProfile, buildSection } from '../test/boards.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const board = buildBoard({ id: '31', name: 'Cozy rooms', url: '/maya.l/cozy-rooms/', section_count: 1 });
const section = buildSection({ id: '8', board_id: '31', title: 'Reading nooks', slug: 'reading-nooks' });

function renderAt(path: string) {
  stubApi({
    getViewer: () => success(signedInViewer(board.owner)),
    getBoard: ({ params }) => (params.id === '31' ? success(board) : failure(404, 'board_not_found')),
    getBoardByAddress: () => success(board),
    getUser: () => success(buildProfile({ username: 'maya.l' })),
    getSection: ({ params }) => (params.id === '8' ? success(section) : failure(404, 'section_not_found')),
    listBoardSections: () => success([section]),
    listBoardPins: () => success([]),
    getBoardCollaborators: () =>
      success({ board_id: '31', owner: board.owner, collaborators: [], invites: [] }),
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

// These addresses said Coming soon.
describe("a board's dialogs by address", { timeout: 20_000 }, () => {
  it('/board/{id}/edit/ opens Edit board over the board', async () => {
    const router = renderAt('/board/31/edit/');
    expect(await screen.findByRole('dialog', { name: 'Edit board' }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/maya.l/cozy-rooms/');
    expect(screen.getByRole('heading', { level: 1, name: 'Cozy rooms' })).toBeTruthy();
  });

  it.each(['/board/31/collaborators/', '/board/31/add_collaborators/'])(
    '%s opens Invite collaborators over the board',
    async (path) => {
      renderAt(path);
      expect(
        await screen.findByRole('dialog', { name: 'Invite collaborators' }, { timeout: 10_000 }),
      ).toBeTruthy();
    },
  );

  it('/boardsection/{id}/edit/ opens Rename section over its board', async () => {
    const router = renderAt('/boardsection/8/edit/');
    expect(await screen.findByRole('dialog', { name: 'Rename section' }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/maya.l/cozy-rooms/');
  });

  it.each(['/board/99/edit/', '/boardsection/99/edit/'])(
    '%s: one that is not there is not found',
    async (path) => {
      renderAt(path);
      expect(
        await screen.findByText(/could not find|isn't available|not found/i, {}, { timeout: 10_000 }),
      ).toBeTruthy();
    },
  );
});
