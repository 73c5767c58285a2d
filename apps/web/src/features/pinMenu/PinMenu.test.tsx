// @vitest-environment jsdom
import '../../i18n.ts';
import type { Pin } from '@pinboard/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubApi, success, type StubRequest } from '../../test/apiStub.ts';
import { buildViewer, signedInViewer } from '../../test/auth.tsx';
import { buildPin } from '../../test/pins.ts';
import { AuthModalContext, type AuthModalApi } from '../auth/authModalContext.ts';
import { renderWithApp } from '../saving/pickerFixtures.tsx';
import { PinMenuButton } from './PinMenuButton.tsx';

// The menu is a lazy chunk: loaded once here, so no test waits for the first import.
beforeAll(async () => {
  await import('./PinMenuPanel.tsx');
}, 30_000);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pin = buildPin({ id: '5', title: 'Reading nook', description: 'Cosy', link: 'https://example.com/a' });
const asPinner = () => success(signedInViewer(pin.pinner));
const asOther = () => success(signedInViewer({ ...pin.pinner, id: '8', username: 'grace' }));

function renderMenu(authModal?: AuthModalApi, shown: Pin = pin) {
  const ui = <PinMenuButton pin={shown} placement="closeup" />;
  return renderWithApp(authModal ? <AuthModalContext value={authModal}>{ui}</AuthModalContext> : ui);
}

async function openMenu() {
  fireEvent.click(screen.getByRole('button', { name: 'More options' }));
  return screen.findByRole('menu');
}

const itemNames = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

describe('the pin menu', () => {
  it('offers its pinner Edit, and everyone Download, Copy link and the embed code', async () => {
    stubApi({ getViewer: asPinner });
    renderMenu();
    const menu = await openMenu();
    await waitFor(() => expect(itemNames(menu)).toContain('Edit Pin'));
    expect(itemNames(menu)).toEqual(['Edit Pin', 'Download image', 'Copy link', 'Get Pin embed code']);
    const download = within(menu).getByRole('menuitem', { name: 'Download image' });
    expect(download.getAttribute('href')).toBe(pin.images.orig.url);
  });

  it('offers others See fewer like this and Report, not Edit; is run by the keyboard', async () => {
    stubApi({ getViewer: asOther });
    renderMenu();
    const menu = await openMenu();
    await waitFor(() => expect(itemNames(menu)).toContain('Report Pin'));
    expect(itemNames(menu)).toEqual([
      'Download image',
      'Copy link',
      'Get Pin embed code',
      'See fewer like this',
      'Report Pin',
    ]);
    const items = within(menu).getAllByRole('menuitem');
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items.at(-1));
    fireEvent.keyDown(menu, { key: 'Home' });
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More options' }));
  });

  it('hides the pin for the viewer, and Undo in the toast brings it back', async () => {
    const calls: string[] = [];
    stubApi({
      getViewer: asOther,
      hidePin: ({ method }: StubRequest) => {
        calls.push(method);
        return success({ pin_id: '5', hidden: true });
      },
      unhidePin: ({ method }: StubRequest) => {
        calls.push(method);
        return success({ pin_id: '5', hidden: false });
      },
    });
    renderMenu();
    const menu = await openMenu();
    fireEvent.click(await within(menu).findByRole('menuitem', { name: 'See fewer like this' }));
    expect(await screen.findByText('Got it! We’ll show you fewer Pins like this.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('This Pin is back in your feed.')).toBeTruthy();
    expect(calls).toEqual(['PUT', 'DELETE']);
  });

  it('asks a visitor to sign up for See fewer like this, and sends nothing', async () => {
    const fetch = stubApi({ getViewer: () => success(buildViewer()) });
    const promptSignup = vi.fn(() => true);
    renderMenu({ open: vi.fn(), close: vi.fn(), promptSignup });
    const menu = await openMenu();
    fireEvent.click(await within(menu).findByRole('menuitem', { name: 'See fewer like this' }));
    expect(promptSignup).toHaveBeenCalled();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('edits the pin in a dialog: one PATCH with the fields and the board', async () => {
    const bodies: unknown[] = [];
    stubApi({
      getViewer: asPinner,
      updatePin: ({ body }: StubRequest) => {
        bodies.push(body);
        return success({ ...pin, title: 'A better nook' });
      },
    });
    renderMenu();
    const menu = await openMenu();
    fireEvent.click(await within(menu).findByRole('menuitem', { name: 'Edit Pin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Pin' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect((title as HTMLInputElement).value).toBe('Reading nook');
    fireEvent.change(title, { target: { value: ' A better nook ' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Alt text' }), {
      target: { value: 'A chair by a window' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([
      {
        board_id: '9',
        section_id: null,
        title: 'A better nook',
        description: 'Cosy',
        link: 'https://example.com/a',
        alt_text: 'A chair by a window',
      },
    ]);
  });

  it('refuses a link that is not a web address before sending anything', async () => {
    const fetch = stubApi({ getViewer: asPinner });
    renderMenu();
    fireEvent.click(await within(await openMenu()).findByRole('menuitem', { name: 'Edit Pin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Pin' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Destination link' }), {
      target: { value: 'javascript:alert(1)' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        within(dialog).getByRole('textbox', { name: 'Destination link' }).getAttribute('aria-invalid'),
      ).toBe('true'),
    );
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it('deletes the pin from the editor only after the confirmation', async () => {
    const fetch = stubApi({ getViewer: asPinner, deletePin: () => success(null) });
    renderMenu();
    fireEvent.click(await within(await openMenu()).findByRole('menuitem', { name: 'Edit Pin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Pin' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this Pin?' });
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Your Pin was deleted.')).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the embed code and copies it', async () => {
    stubApi({ getViewer: asOther });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderMenu();
    fireEvent.click(await within(await openMenu()).findByRole('menuitem', { name: 'Get Pin embed code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Embed this Pin' });
    const code = (within(dialog).getByRole('textbox', { name: 'Embed code' }) as HTMLTextAreaElement).value;
    expect(code).toContain(`href="${window.location.origin}/pin/5/"`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy code' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(code));
  });

  it('reports the pin with a chosen reason', async () => {
    const bodies: unknown[] = [];
    stubApi({
      getViewer: asOther,
      createReport: ({ body }: StubRequest) => {
        bodies.push(body);
        return success({
          id: '1',
          object_type: 'pin',
          object_id: '5',
          reason: 'spam',
          status: 'open',
          created_at: '2026-01-01T00:00:00.000Z',
        });
      },
    });
    renderMenu();
    fireEvent.click(await within(await openMenu()).findByRole('menuitem', { name: 'Report Pin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Pin' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await within(dialog).findByText('Choose a reason.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Thanks for letting us know. We’ll review this Pin.')).toBeTruthy();
    expect(bodies).toEqual([{ object_type: 'pin', object_id: '5', reason: 'spam' }]);
  });
});
