// @vitest-environment jsdom
import '../../i18n.ts';
import type { Pin } from '@pinboard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi, success } from '../../test/apiStub.ts';
import { buildUser } from '../../test/boards.ts';
import { buildPin } from '../../test/pins.ts';
import { AuthModalContext, type AuthModalApi } from '../auth/authModalContext.ts';
import { PinDetails } from '../closeup/PinDetails.tsx';
import { PinCard } from '../pins/PinCard.tsx';
import { endpointKey } from '../../api/endpoints.ts';
import { buildPicker, buildPickerBoard } from './pickerFixtures.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSignedIn(ui: ReactNode, type: 'AUTH' | 'UNAUTH') {
  stubApi({
    getBoardPicker: () => success(buildPicker([buildPickerBoard({ name: 'Kitchen' })])),
    listSavedTo: () => success([]),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(endpointKey('getViewer'), { type, user: type === 'AUTH' ? buildUser() : null });
  const authModal: AuthModalApi = {
    open: vi.fn(),
    close: vi.fn(),
    promptSignup: vi.fn(() => type !== 'AUTH'),
  };
  render(
    <QueryClientProvider client={client}>
      <AuthModalContext value={authModal}>
        <MemoryRouter>{ui}</MemoryRouter>
      </AuthModalContext>
    </QueryClientProvider>,
  );
  return authModal;
}

const pin: Pin = buildPin({ id: '5', title: 'Red' });

describe('Save buttons', () => {
  it('open the board picker from the grid card for a signed-in viewer', async () => {
    renderSignedIn(<PinCard pin={pin} width={236} />, 'AUTH');

    fireEvent.click(screen.getByRole('link', { name: 'Save Red' }));

    // The first Save loads the chunk.
    expect(await screen.findByRole('dialog', { name: 'Choose board' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('Kitchen')).toBeTruthy();
  });

  it('open the board picker from the closeup, and Escape closes it', async () => {
    renderSignedIn(<PinDetails pin={pin} />, 'AUTH');
    const save = screen.getByRole('link', { name: 'Save' });

    save.focus();
    fireEvent.click(save);
    const dialog = await screen.findByRole('dialog', { name: 'Choose board' }, { timeout: 5000 });
    fireEvent.keyDown(dialog, { key: 'Escape' });

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(save);
  });

  it('keep the sign-up modal for a visitor', () => {
    const authModal = renderSignedIn(<PinCard pin={pin} width={236} />, 'UNAUTH');

    fireEvent.click(screen.getByRole('link', { name: 'Save Red' }));

    expect(authModal.promptSignup).toHaveBeenCalledWith({
      container: 'save',
      signupSource: 'saveButton',
      pinId: '5',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
