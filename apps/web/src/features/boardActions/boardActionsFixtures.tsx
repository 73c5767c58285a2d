import type { Board } from '@pinboard/shared';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ToastProvider } from '../../ui/ToastProvider.tsx';
import { BoardSections } from '../boards/BoardSections.tsx';
import { boardAddressKey } from '../boards/useBoard.ts';
import { AddSectionButton } from './AddSectionButton.tsx';
import { BoardActions } from './BoardActions.tsx';
import { SectionMenu } from './SectionMenu.tsx';

export const boardKey = boardAddressKey('maya.l', 'kitchen');

/** The board as the page holds it in its cache, with its actions and its follower count. */
function BoardHarness({ view }: { view: View }) {
  const { data: board } = useQuery<Board>({
    queryKey: boardKey,
    queryFn: () => new Promise<Board>(() => {}),
    staleTime: Infinity,
  });
  if (!board) return null;
  return (
    <>
      <p>{`${board.follower_count} followers`}</p>
      <p>{`Name: ${board.name}`}</p>
      {view === 'header' ? (
        <BoardActions board={board} boardKey={boardKey} />
      ) : (
        <BoardSections
          board={board}
          addSection={<AddSectionButton board={board} boardKey={boardKey} />}
          sectionMenu={(section) => <SectionMenu board={board} boardKey={boardKey} section={section} />}
        />
      )}
    </>
  );
}

type View = 'header' | 'sections';

/**
 * Renders a board's header actions (or its sections row with the section actions) at its
 * address, with the board already cached as the page has it.
 */
export function renderBoardActions(board: Board, view: View = 'header') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(boardKey, board);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/maya.l/kitchen/']}>
        <ToastProvider>
          <Routes>
            <Route path="/:username/:board/" element={<BoardHarness view={view} />} />
            <Route path="/:username/" element={<p>Profile page</p>} />
            <Route path="/login/" element={<p>Login page</p>} />
          </Routes>
        </ToastProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}
