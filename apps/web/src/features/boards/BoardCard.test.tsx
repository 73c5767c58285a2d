// @vitest-environment jsdom
import '../../i18n.ts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { buildBoard, buildUser } from '../../test/boards.ts';
import { BoardCard } from './BoardCard.tsx';

afterEach(cleanup);

function renderCard(board: Parameters<typeof BoardCard>[0]['board']) {
  render(
    <MemoryRouter>
      <BoardCard board={board} />
    </MemoryRouter>,
  );
}

describe('BoardCard', () => {
  it('links its cover and name to the board and shows pin and section counts', () => {
    renderCard(buildBoard({ name: 'Cozy rooms', pin_count: 1234, section_count: 1 }));

    const link = screen.getByRole('link', { name: 'Cozy rooms' });
    expect(link.getAttribute('href')).toBe('/maya.l/cozy-rooms/');
    expect(screen.getByText('1.2K pins · 1 section')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /board/ })).toBeNull();
  });

  it('leaves out the section count when there are none', () => {
    renderCard(buildBoard({ pin_count: 1, section_count: 0 }));

    expect(screen.getByText('1 pin')).toBeTruthy();
  });

  it.each([
    ['secret', 'Secret board'],
    ['protected', 'Protected board'],
  ] as const)('shows a lock named for a %s board, also in the link name', (privacy, label) => {
    renderCard(buildBoard({ name: 'Gifts', privacy }));

    expect(screen.getByRole('img', { name: label })).toBeTruthy();
    expect(screen.getByRole('link', { name: `Gifts ${label}` })).toBeTruthy();
  });

  it('names up to three collaborators and counts the rest', () => {
    const users = ['Ada', 'Grace', 'Alan', 'Edsger'].map((name, i) =>
      buildUser({ id: String(i + 1), full_name: name }),
    );
    renderCard(buildBoard({ collaborating_users: users, collaborator_count: 5, is_collaborative: true }));

    const list = screen.getByRole('list', { name: 'Collaborators' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    for (const name of ['Ada', 'Grace', 'Alan']) expect(within(list).getByText(name)).toBeTruthy();
    expect(within(list).queryByText('Edsger')).toBeNull();
    expect(within(list).getByText('+2').getAttribute('aria-hidden')).toBe('true');
    expect(within(list).getByText('and 2 more collaborators')).toBeTruthy();
  });

  it('shows no collaborator list on a board without collaborators', () => {
    renderCard(buildBoard());

    expect(screen.queryByRole('list', { name: 'Collaborators' })).toBeNull();
  });

  it('builds a collage from the latest pins over their dominant colours', () => {
    const images = ['#111111', '#222222', '#333333'].map((color, i) => ({
      url: `/media/${i}.webp`,
      dominant_color: color,
    }));
    const { container } = render(
      <MemoryRouter>
        <BoardCard board={buildBoard({ images: { '170x': images } })} />
      </MemoryRouter>,
    );

    const covers = Array.from(container.querySelectorAll('img'));
    expect(covers.map((img) => img.getAttribute('src'))).toEqual([
      '/media/0.webp',
      '/media/1.webp',
      '/media/2.webp',
    ]);
    expect((covers[1]!.parentElement as HTMLElement).style.backgroundColor).toBe('rgb(34, 34, 34)');
    expect(covers.every((img) => img.getAttribute('alt') === '')).toBe(true);
  });
});
