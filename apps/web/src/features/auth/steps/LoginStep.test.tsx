// @vitest-environment jsdom
import '../../../i18n.ts';
import type { ProvidersResult } from '@pinboard/shared';
import { cleanup, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { success } from '../../../test/apiStub.ts';
import { buildViewer, openModal, renderWithAuth, stubAuthApi } from '../../../test/auth.tsx';
import { providersAnswer } from '../../../test/social.ts';
import type { AuthModalOptions } from '../authModalContext.ts';

const OFF = { available: false, standin: false };

interface Setup {
  providers?: Partial<ProvidersResult>;
  options?: AuthModalOptions;
}

/** The modal for a visitor in the experiments' `groups`, once its email form shows. */
async function open(
  groups: Record<string, string>,
  { providers = {}, options = { container: 'home_page', step: 'login' } }: Setup = {},
) {
  stubAuthApi(buildViewer(), {
    getAuthProviders: providersAnswer(providers),
    getExperimentGroups: () => success(groups),
  });
  renderWithAuth({ options });
  const dialog = await openModal();
  await within(dialog).findByLabelText(/Email/);
  return dialog;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the login view with Facebook login turned off', () => {
  it('says so above the form, offering email or Google', async () => {
    const dialog = await open({ web_disable_facebook_login: 'enabled' });
    const banner = await within(dialog).findByText(
      'Facebook login is no longer available. Log in with your email or Google.',
    );
    // Above the form.
    const email = within(dialog).getByLabelText('Email or username');
    expect(banner.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Continue with Facebook' })).toBeNull();
  });

  it('offers email alone when Google is not available either', async () => {
    const dialog = await open({ web_disable_facebook_login: 'enabled', web_disable_google_login: 'enabled' });
    expect(
      await within(dialog).findByText('Facebook login is no longer available. Log in with your email.'),
    ).toBeTruthy();

    cleanup();
    const again = await open({ web_disable_facebook_login: 'enabled' }, { providers: { google: OFF } });
    expect(
      await within(again).findByText('Facebook login is no longer available. Log in with your email.'),
    ).toBeTruthy();
  });

  it('says it on the business login too', async () => {
    const dialog = await open(
      { web_disable_facebook_login: 'enabled' },
      { options: { container: 'revamped_business_login_page', step: 'login' } },
    );
    expect(
      await within(dialog).findByText(
        'Facebook login is no longer available. Log in with your email or Google.',
      ),
    ).toBeTruthy();
  });

  it('shows no banner while Facebook login is on', async () => {
    const dialog = await open({});
    await within(dialog).findByRole('button', { name: 'Continue with Facebook' });
    expect(within(dialog).queryByText(/Facebook login is no longer available/)).toBeNull();
  });

  it('leaves the sign-up view to its own banner', async () => {
    const dialog = await open(
      { web_disable_facebook_login: 'enabled' },
      { options: { container: 'home_page' } },
    );
    await within(dialog).findByRole('button', { name: 'Continue with Google' });
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Continue with Facebook' })).toBeNull(),
    );
    expect(within(dialog).queryByText(/Facebook login is no longer available/)).toBeNull();
  });
});
