// @vitest-environment jsdom
import '../../../i18n.ts';
import type { ViewerInfo } from '@pinboard/shared';
import { cleanup, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { success } from '../../../test/apiStub.ts';
import { openModal, recognisedViewer, renderWithAuth, stubAuthApi } from '../../../test/auth.tsx';
import { providersAnswer } from '../../../test/social.ts';

/** 'Welcome back' for Ada's account with `info` changed, and the experiments' groups. */
async function openWelcomeBack(info: Partial<ViewerInfo>, groups: Record<string, string> = {}) {
  const viewer = recognisedViewer();
  viewer.info = { ...viewer.info!, ...info };
  stubAuthApi(viewer, {
    getAuthProviders: providersAnswer(),
    getExperimentGroups: () => success(groups),
  });
  renderWithAuth({ options: { container: 'home_page', step: 'login' } });
  const dialog = await openModal();
  await within(dialog).findByRole('heading', { name: 'Welcome back, Ada' });
  return dialog;
}

/** The text an element's aria-describedby points at. */
function description(element: HTMLElement): string | null {
  const id = element.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("'Welcome back' of an account without a password", () => {
  it('hides the password and says, tied to the email, which button to use; passes axe', async () => {
    const dialog = await openWelcomeBack({ hasPassword: false, connectedToGoogle: true });
    const google = await within(dialog).findByRole('button', { name: 'Continue with Google' });

    const note = 'Your account is connected to Google. Use that button to log in.';
    expect(within(dialog).queryByLabelText('Password')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Log in' })).toBeNull();
    expect(description(within(dialog).getByText('ada@example.com'))).toBe(note);
    expect(description(google)).toBe(note);
    expect(within(dialog).queryByRole('button', { name: 'Continue with Facebook' })).toBeNull();
    const results = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('names both providers when the account has both', async () => {
    const dialog = await openWelcomeBack({
      hasPassword: false,
      connectedToFacebook: true,
      connectedToGoogle: true,
    });
    await within(dialog).findByRole('button', { name: 'Continue with Facebook' });
    expect(
      within(dialog).getByText(
        'Your account is connected to Facebook and Google. Use those buttons to log in.',
      ),
    ).toBeTruthy();
  });

  it('names only the providers whose login is on here', async () => {
    const dialog = await openWelcomeBack(
      { hasPassword: false, connectedToFacebook: true, connectedToGoogle: true },
      { web_disable_facebook_login: 'enabled' },
    );
    await waitFor(() =>
      expect(
        within(dialog).getByText('Your account is connected to Google. Use that button to log in.'),
      ).toBeTruthy(),
    );
    expect(within(dialog).queryByRole('button', { name: 'Continue with Facebook' })).toBeNull();
  });

  it('keeps the password form when no shown button lets the account in (the server explains)', async () => {
    const dialog = await openWelcomeBack(
      { hasPassword: false, connectedToFacebook: true },
      { web_disable_facebook_login: 'enabled' },
    );
    expect(await within(dialog).findByLabelText('Password')).toBeTruthy();
    await waitFor(() => expect(within(dialog).queryByText(/Your account is connected to/)).toBeNull());
  });

  it('asks for the password of an account that has one, with no note', async () => {
    const dialog = await openWelcomeBack({ hasPassword: true, connectedToGoogle: true });
    await within(dialog).findByRole('button', { name: 'Continue with Google' });
    expect(within(dialog).getByLabelText('Password')).toBeTruthy();
    expect(within(dialog).queryByText(/Your account is connected to/)).toBeNull();
    expect(within(dialog).getByText('ada@example.com').getAttribute('aria-describedby')).toBeNull();
  });
});
