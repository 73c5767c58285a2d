// @vitest-environment jsdom
import '../../i18n.ts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, stubApi, success } from '../../test/apiStub.ts';
import { signedInViewer } from '../../test/auth.tsx';
import { buildBoard, buildSection, buildUser } from '../../test/boards.ts';
import { renderBoardActions } from './boardActionsFixtures.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const owner = () => success(signedInViewer(buildBoard().owner));
const lamps = buildSection({ id: '81', title: 'Lamps', slug: 'lamps' });
const chairs = buildSection({ id: '82', title: 'Chairs', slug: 'chairs' });

describe('section actions on a board page', () => {
  it('adds a section through the picker’s form, in a “Create section” modal', async () => {
    let sections = [lamps];
    // GETs list the sections; the POST answers with the new one.
    const fetch = stubApi({
      getViewer: owner,
      listBoardSections: () => success(sections),
    });
    const route = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) => {
      if (init?.method !== 'POST') return route(input, init);
      sections = [lamps, chairs];
      return success(chairs);
    });
    renderBoardActions(buildBoard({ section_count: 1 }), 'sections');
    expect(await screen.findByText('Lamps')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Add section' }));
    const dialog = screen.getByRole('dialog', { name: 'Create section' });
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Section name' }), {
      target: { value: '  Chairs ' },
    });
    fireEvent.click(add);
    expect(await screen.findByText('Chairs')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: 'Chairs', name_source: 0 });
  });

  it('shows the section error under the name', async () => {
    stubApi({
      getViewer: owner,
      listBoardSections: () => failure(400, 'section_name_too_long'),
      createSection: () => failure(400, 'section_name_too_long'),
    });
    renderBoardActions(buildBoard({ section_count: 0 }), 'sections');
    fireEvent.click(await screen.findByRole('button', { name: 'Add section' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Section name' }), { target: { value: 'Chairs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please enter no more than 50 characters.')).toBeTruthy();
  });

  it('renames and deletes a section from its card menu', async () => {
    let title = 'Lamps';
    let deleted = false;
    const fetch = stubApi({
      getViewer: owner,
      listBoardSections: () => success(deleted ? [] : [{ ...lamps, title }]),
      updateSection: () => success({ ...lamps, title }),
      deleteSection: () => success(null),
    });
    const route = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) => {
      if (init?.method === 'PATCH') title = 'Lights';
      if (init?.method === 'DELETE') deleted = true;
      return route(input, init);
    });
    renderBoardActions(buildBoard({ section_count: 1 }), 'sections');
    fireEvent.click(await screen.findByRole('button', { name: 'Section options for Lamps' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rename section' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Section name' }), { target: { value: 'Lights' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Section options for Lights' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete section' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    // The board had one section: the row gives way to the lone 'Add section'.
    await waitFor(() => expect(screen.queryByText('Lights')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Sections' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add section' })).toBeTruthy();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });

  it('offers nothing to someone who may not edit the board', async () => {
    stubApi({
      getViewer: () => success(signedInViewer(buildUser({ id: '9' }))),
      listBoardSections: () => success([lamps]),
    });
    renderBoardActions(buildBoard({ section_count: 1 }), 'sections');
    expect(await screen.findByText('Lamps')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add section' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Section options/ })).toBeNull();
  });
});
