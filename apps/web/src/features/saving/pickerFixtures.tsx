import type { BoardPicker, PickerBoard } from '@pinboard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { ToastProvider } from '../../ui/ToastProvider.tsx';

/** A board as the picker lists it; override what the test is about. */
export function buildPickerBoard(overrides: Partial<PickerBoard> = {}): PickerBoard {
  const id = overrides.id ?? '31';
  return {
    id,
    name: `Board ${id}`,
    url: `/maya/board-${id}/`,
    privacy: 'public',
    owner: { id: '7', username: 'maya' },
    is_collaborative: false,
    collaborated_by_me: false,
    collaborating_users: [],
    collaborator_count: 0,
    pin_count: 3,
    section_count: 0,
    image_cover_url: null,
    last_pinned_to_at: null,
    sections: [],
    has_pin: false,
    ...overrides,
  };
}

/** A picker answer with these boards, the first `shortlist` of them as 'Top choices'. */
export function buildPicker(boards: PickerBoard[], shortlist = 2): BoardPicker {
  return { all_boards: boards, boards_shortlist: boards.slice(0, shortlist) };
}

/** Renders `ui` with a fresh query client, a router and toasts, as the app provides them. */
export function renderWithApp(ui: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ToastProvider>{ui}</ToastProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
