// @vitest-environment jsdom
import '../i18n.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, success } from '../test/apiStub.ts';
import { errorOf, press, renderSettings, sentBodies, type } from '../test/settings.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/settings/account', () => {
  it('closes the account with the password, after a clear warning, and goes home', async () => {
    let answer = failure(401, 'reauth_failed', { field: 'password' });
    const { fetch, router } = renderSettings('/settings/account/', {
      closeAccount: () => answer,
    });
    await screen.findByRole('heading', { name: 'Account management' }, { timeout: 5000 });
    expect(screen.getByText("Think twice: you'll be logged out of every device.")).toBeTruthy();
    expect((screen.getByLabelText(/Deactivate your account/) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByLabelText(/Close your account/));
    type(document.body, 'Your password', 'wrong');
    await press(document.body, 'Close account for good');
    await waitFor(() =>
      expect(errorOf(screen.getByLabelText('Your password'))).toBe("That password isn't right."),
    );

    answer = success({ mode: 'close' });
    type(document.body, 'Your password', 'right');
    await press(document.body, 'Close account for good');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sentBodies(fetch, '/v3/users/settings/close/', 'POST').at(-1)).toEqual({
      password: 'right',
      mode: 'close',
    });
  });
});
