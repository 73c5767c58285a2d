// @vitest-environment jsdom
import '../../i18n.ts';
import './words.ts';
import type { PickerBoard } from '@pinboard/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, stubApi, success } from '../../test/apiStub.ts';
import { buildBoard, buildSection } from '../../test/boards.ts';
import { BoardPicker, type BoardPickerProps } from './BoardPicker.tsx';
import { buildPicker, buildPickerBoard, renderWithApp } from './pickerFixtures.tsx';
import { VISIBLE_ROWS } from './WindowedListbox.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPicker(boards: PickerBoard[], props: Partial<BoardPickerProps> = {}, shortlist = 2) {
  const fetch = stubApi({
    getBoardPicker: () => success(buildPicker(boards, shortlist)),
    listBoardTitleSuggestions: () => success([{ title: 'Lighting' }, { title: 'Kitchens' }]),
    ...(props as { answers?: Parameters<typeof stubApi>[0] }).answers,
  });
  const handlers = {
    onChoose: vi.fn(),
    onBoardCreated: vi.fn(),
    onSectionCreated: vi.fn(),
  };
  renderWithApp(<BoardPicker pinId="101" titleId="title" statusOf={() => null} {...handlers} {...props} />);
  return { fetch, ...handlers };
}

const optionNames = () =>
  screen.getAllByRole('option').map((option) => option.querySelector('span span')?.textContent);
const boards = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    buildPickerBoard({ id: String(index + 1), name: `Board ${index + 1}` }),
  );

describe('BoardPicker', () => {
  it('shows only the full list with 3 boards or fewer', async () => {
    renderPicker(boards(3));

    expect(await screen.findByRole('listbox', { name: 'Your boards' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Choose board' }).id).toBe('title');
    expect(screen.queryByText('Top choices')).toBeNull();
    expect(optionNames()).toEqual(['Board 1', 'Board 2', 'Board 3']);
  });

  it("shows 'Top choices' then 'All boards' with more than 3", async () => {
    renderPicker(boards(4));

    await screen.findByText('Top choices');
    expect(screen.getByText('All boards')).toBeTruthy();
    expect(optionNames()).toEqual(['Board 1', 'Board 2', 'Board 1', 'Board 2', 'Board 3', 'Board 4']);
  });

  it('keeps the server’s order, digit-led names last', async () => {
    renderPicker([
      buildPickerBoard({ id: '1', name: 'Apples' }),
      buildPickerBoard({ id: '2', name: 'zebra' }),
      buildPickerBoard({ id: '3', name: '2024 trips' }),
    ]);

    await screen.findByRole('listbox');
    expect(optionNames()).toEqual(['Apples', 'zebra', '2024 trips']);
  });

  it('filters the boards in memory as the viewer types', async () => {
    const { fetch } = renderPicker([
      buildPickerBoard({ id: '1', name: 'Kitchen ideas' }),
      buildPickerBoard({ id: '2', name: 'Gardens' }),
      buildPickerBoard({ id: '3', name: 'Small KITCHENS' }),
      buildPickerBoard({ id: '4', name: 'Hallways' }),
    ]);
    const search = await screen.findByPlaceholderText('Search');
    const calls = fetch.mock.calls.length;

    fireEvent.change(search, { target: { value: 'kitchen' } });

    expect(optionNames()).toEqual(['Kitchen ideas', 'Small KITCHENS']);
    expect(screen.queryByText('Top choices')).toBeNull();
    expect(fetch.mock.calls.length).toBe(calls);
    fireEvent.change(search, { target: { value: 'nothing' } });
    expect(screen.getByText('No boards match “nothing”.')).toBeTruthy();
  });

  it('shows counts, the secret lock, the group icon and 3 named collaborators then a count', async () => {
    const users = ['1', '2', '3'].map((id) => ({
      id,
      username: `u${id}`,
      full_name: `User ${id}`,
      first_name: 'User',
      image_medium_url: null,
      image_large_url: null,
      avatar_color_index: 1,
    }));
    renderPicker([
      buildPickerBoard({
        name: 'Team',
        privacy: 'secret',
        is_collaborative: true,
        collaborating_users: users,
        collaborator_count: 5,
        pin_count: 12,
        section_count: 2,
        sections: [
          { id: '81', title: 'Lamps' },
          { id: '82', title: 'Rugs' },
        ],
      }),
    ]);

    const row = await screen.findByRole('option');
    expect(row.textContent).toContain('12 Pins · 2 sections');
    expect(within(row).getByRole('img', { name: 'Secret board' })).toBeTruthy();
    expect(within(row).getByRole('img', { name: 'Group board' })).toBeTruthy();
    expect(within(row).getAllByRole('listitem')).toHaveLength(4);
    expect(row.textContent).toContain('+2');
  });

  it('says which boards already hold the pin', async () => {
    renderPicker([
      buildPickerBoard({ name: 'Kitchen', has_pin: true }),
      buildPickerBoard({ id: '2', name: 'Hall' }),
    ]);

    const [kitchen, hall] = await screen.findAllByRole('option');
    expect(kitchen!.textContent).toContain('3 Pins · Saved here');
    expect(hall!.textContent).not.toContain('Saved here');
  });

  it('says when the boards could not be loaded, and tries again', async () => {
    let calls = 0;
    renderPicker([], {
      answers: {
        getBoardPicker: () => (++calls === 1 ? failure(500, 'internal') : success(buildPicker(boards(1)))),
      },
    } as Partial<BoardPickerProps>);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your boards could not be loaded.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('option')).toBeTruthy();
  });

  it('moves with up and down, blocked at both ends, and chooses with Enter', async () => {
    const { onChoose } = renderPicker(boards(3));
    const search = await screen.findByRole('combobox');
    const active = () => document.getElementById(search.getAttribute('aria-activedescendant')!)!.textContent;

    expect(active()).toContain('Board 1');
    fireEvent.keyDown(search, { key: 'ArrowUp' });
    expect(active()).toContain('Board 1');
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(active()).toContain('Board 3');
    fireEvent.keyDown(search, { key: 'Enter' });

    expect(onChoose).toHaveBeenCalledWith({ board: expect.objectContaining({ id: '3' }), section: null });
  });

  it('skips the headings with the keys', async () => {
    renderPicker(boards(4));
    const search = await screen.findByRole('combobox');
    const active = () => document.getElementById(search.getAttribute('aria-activedescendant')!)!;

    for (let step = 0; step < 2; step += 1) fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(active().getAttribute('role')).toBe('option');
    expect(active().getAttribute('aria-posinset')).toBe('3');
  });

  it('leads a board with sections to its section list, where the board itself stays choosable', async () => {
    const board = buildPickerBoard({
      id: '5',
      name: 'Home',
      section_count: 1,
      sections: [{ id: '81', title: 'Lamps' }],
    });
    const { onChoose } = renderPicker([board]);

    fireEvent.click(await screen.findByRole('option'));

    expect(screen.getByRole('heading', { name: 'Choose section' })).toBeTruthy();
    const list = screen.getByRole('listbox', { name: 'Sections of Home' });
    expect(optionNames()).toEqual(['Home', 'Lamps']);
    expect(within(list).getAllByRole('option')[0]!.textContent).toContain('Save to the board');
    fireEvent.click(within(list).getByText('Lamps'));
    expect(onChoose).toHaveBeenLastCalledWith({ board, section: { id: '81', title: 'Lamps' } });
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(onChoose).toHaveBeenLastCalledWith({ board, section: null });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Choose board' })).toBeTruthy();
  });

  it('renders only a window of rows with 2,000 boards', async () => {
    renderPicker(boards(2000), {}, 3);

    await screen.findByRole('listbox');
    const rendered = screen.getAllByRole('option');
    expect(rendered.length).toBeLessThan(VISIBLE_ROWS + 10);
    expect(rendered[0]!.getAttribute('aria-setsize')).toBe('2003');
    const search = screen.getByRole('combobox');
    fireEvent.change(search, { target: { value: 'Board 1999' } });
    expect(optionNames()).toEqual(['Board 1999']);
  });
});

describe('Create board form', () => {
  async function openForm() {
    const result = renderPicker(boards(1), {
      answers: {
        createBoard: () =>
          success(buildBoard({ id: '77', name: 'Lighting', url: '/maya/lighting/', privacy: 'secret' })),
      },
    } as Partial<BoardPickerProps>);
    fireEvent.click(await screen.findByRole('button', { name: 'Create board' }));
    return result;
  }

  it('validates the name and keeps Create disabled while blank or invalid', async () => {
    await openForm();
    expect(screen.getByRole('heading', { name: 'Create board' })).toBeTruthy();
    const name = screen.getByRole('textbox', { name: 'Name' });
    const create = screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);

    fireEvent.change(name, { target: { value: 'x'.repeat(51) } });
    expect(await screen.findByText('Please enter no more than 50 characters.')).toBeTruthy();
    expect(create.disabled).toBe(true);
    fireEvent.change(name, { target: { value: '   ' } });
    expect(await screen.findByText("Don't forget to name your board!")).toBeTruthy();
    expect(create.disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'Lamps' } });
    await waitFor(() => expect(create.disabled).toBe(false));
  });

  it('fills the name from a suggestion and creates a secret board', async () => {
    const { fetch, onBoardCreated } = await openForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Lighting' }));
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Lighting');
    fireEvent.click(screen.getByRole('switch', { name: /Keep this board secret/ }));
    const create = screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    await waitFor(() => expect(create.disabled).toBe(false));

    fireEvent.click(create);

    await waitFor(() => expect(onBoardCreated).toHaveBeenCalledWith(expect.objectContaining({ id: '77' })));
    const [, init] = fetch.mock.calls.find(([url]) => String(url) === '/v3/boards/')!;
    expect(JSON.parse(String(init!.body))).toEqual({ name: 'Lighting', privacy: 'secret' });
  });
});

describe('Add section form', () => {
  const board = buildPickerBoard({
    id: '5',
    name: 'Home',
    section_count: 1,
    sections: [{ id: '81', title: 'Lamps' }],
  });

  async function openForm(answer: () => Response) {
    const result = renderPicker([board], {
      answers: { createSection: answer },
    } as Partial<BoardPickerProps>);
    fireEvent.click(await screen.findByRole('option'));
    fireEvent.click(screen.getByRole('button', { name: 'Add section' }));
    return result;
  }

  it('enables Add only for a trimmed name, submits on Enter and sends the name source', async () => {
    const { fetch, onSectionCreated } = await openForm(() =>
      success(buildSection({ id: '90', title: 'Lighting ideas', board_id: '5' })),
    );
    expect(screen.getByRole('heading', { name: 'Create section' })).toBeTruthy();
    const name = screen.getByPlaceholderText('Like "Lighting"');
    const add = screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(name, { target: { value: '   ' } });
    expect(add.disabled).toBe(true);

    fireEvent.click(await screen.findByRole('button', { name: 'Lighting' }));
    fireEvent.change(name, { target: { value: 'Lighting ideas ' } });
    expect(add.disabled).toBe(false);
    fireEvent.submit(name.closest('form')!);

    await waitFor(() =>
      expect(onSectionCreated).toHaveBeenCalledWith(board, expect.objectContaining({ id: '90' })),
    );
    const [, init] = fetch.mock.calls.find(([url]) => String(url) === '/v3/boards/5/sections/')!;
    expect(JSON.parse(String(init!.body))).toEqual({ name: 'Lighting ideas', name_source: 2 });
  });

  it('says a name over 50 characters is too long, by the server’s rule, without asking it', async () => {
    const { fetch } = await openForm(() => success(buildSection({ id: '90', title: 'x', board_id: '5' })));
    const name = screen.getByPlaceholderText('Like "Lighting"');
    fireEvent.change(name, { target: { value: 'x'.repeat(51) } });
    expect((screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('Please enter no more than 50 characters.')).toBeTruthy();
    fireEvent.submit(name.closest('form')!);
    fireEvent.change(name, { target: { value: 'x'.repeat(50) } });
    await waitFor(() => expect(screen.queryByText('Please enter no more than 50 characters.')).toBeNull());
    expect(fetch.mock.calls.filter(([url]) => String(url) === '/v3/boards/5/sections/')).toEqual([]);
  });

  it('shows the error under the field, blocks Add until the name is edited', async () => {
    await openForm(() => failure(409, 'board_action_in_progress_create'));
    const name = screen.getByPlaceholderText('Like "Lighting"');
    fireEvent.change(name, { target: { value: 'Rugs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Please wait until the previous board action finishes.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'Rugs 2' } });
    expect(screen.queryByText('Please wait until the previous board action finishes.')).toBeNull();
    expect((screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
