// @vitest-environment jsdom
import '../i18n.ts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, success } from '../test/apiStub.ts';
import {
  ACCOUNT_SETTINGS,
  NOTIFICATIONS,
  errorOf,
  press,
  renderSettings,
  section,
  sentBodies,
} from '../test/settings.tsx';

const FIRST = { timeout: 10_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the settings navigation', { timeout: 30_000 }, () => {
  it('lists every settings page on /settings/, and marks the current page elsewhere', async () => {
    renderSettings('/settings/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' }, FIRST)).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Settings' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/settings/profile/',
      '/settings/account/',
      '/settings/profile-visibility/',
      '/settings/privacy/',
      '/settings/notifications/',
      '/settings/home-feed/',
      '/settings/security/',
      '/settings/claim/',
    ]);
    cleanup();
    renderSettings('/settings/privacy/');
    const privacyNav = await screen.findByRole('navigation', { name: 'Settings' }, FIRST);
    expect(
      within(privacyNav).getByRole('link', { name: 'Privacy and data' }).getAttribute('aria-current'),
    ).toBe('page');
    // Phones show one page at a time, with the way back to the list.
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings/');
  });
});

describe('/settings/account', { timeout: 30_000 }, () => {
  it('saves language, country, gender and birthday; an underage birthday reads on its field', async () => {
    let answer = failure(400, 'underage', { field: 'birthday' });
    const { fetch } = renderSettings('/settings/account/', { updateUserSettings: () => answer });
    const box = await section('Your account');
    expect(within(box).getByLabelText<HTMLSelectElement>('Country or region').value).toBe('US');
    fireEvent.change(within(box).getByLabelText('Language'), { target: { value: 'fr' } });
    fireEvent.change(within(box).getByLabelText('Gender'), { target: { value: 'female' } });
    fireEvent.change(within(box).getByLabelText('Birthday'), { target: { value: '2020-01-01' } });
    await press(box, 'Save');
    await waitFor(() =>
      expect(errorOf(within(box).getByLabelText('Birthday'))).toBe(
        "Sorry, you're not eligible to sign up for Pinboard right now.",
      ),
    );
    answer = success({ ...ACCOUNT_SETTINGS, locale: 'fr', gender: 'female', birthday: '1991-01-01' });
    fireEvent.change(within(box).getByLabelText('Birthday'), { target: { value: '1991-01-01' } });
    await press(box, 'Save');
    expect(await within(box).findByText('Your account settings are saved.')).toBeTruthy();
    expect(sentBodies(fetch, '/v3/users/settings/', 'PATCH').at(-1)).toEqual({
      locale: 'fr',
      country: 'US',
      gender: 'female',
      birthday: '1991-01-01',
    });
  });

  it('says whether the email is confirmed, and mails a new link on request', async () => {
    const { fetch } = renderSettings('/settings/account/', {
      getUserSettings: () => success({ ...ACCOUNT_SETTINGS, email_verified: false }),
      resendEmailVerification: () => success({ email: 'ada@example.com' }),
    });
    const box = await section('Your email');
    expect(within(box).getByText(/ada@example.com isn't confirmed yet/)).toBeTruthy();
    await press(box, 'Resend link');
    expect(await within(box).findByText('We sent a new link to ada@example.com.')).toBeTruthy();
    expect(sentBodies(fetch, '/v3/users/settings/email/verification/', 'POST')).toHaveLength(1);
  });
});

describe('/settings/privacy and /settings/profile-visibility', { timeout: 30_000 }, () => {
  it('saves a switch as it is flipped, and puts it back when the save fails', async () => {
    let answer = success({ ...ACCOUNT_SETTINGS, personalize_ads_from_partners: false });
    const { fetch } = renderSettings('/settings/privacy/', { updateUserSettings: () => answer });
    const partners = await screen.findByRole('switch', { name: /information from our partners/ }, FIRST);
    expect((partners as HTMLInputElement).checked).toBe(true);
    fireEvent.click(partners);
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect((partners as HTMLInputElement).checked).toBe(false);
    expect(sentBodies(fetch, '/v3/users/settings/', 'PATCH')).toEqual([
      { personalize_ads_from_partners: false },
    ]);

    answer = failure(429, 'rate_limited');
    const activity = screen.getByRole('switch', { name: /personalise your home feed/ });
    fireEvent.click(activity);
    expect(await screen.findByText('You are doing that too often. Try again later.')).toBeTruthy();
    expect((activity as HTMLInputElement).checked).toBe(true);
  });

  it('offers hiding from search engines on the profile visibility page', async () => {
    const { fetch } = renderSettings('/settings/profile-visibility/', {
      updateUserSettings: () => success({ ...ACCOUNT_SETTINGS, hide_from_search_engines: true }),
    });
    fireEvent.click(
      await screen.findByRole('switch', { name: /Hide your profile from search engines/ }, FIRST),
    );
    await screen.findByText('Saved.');
    expect(sentBodies(fetch, '/v3/users/settings/', 'PATCH')).toEqual([{ hide_from_search_engines: true }]);
  });
});

describe('/settings/notifications', { timeout: 30_000 }, () => {
  it('saves every category’s email frequency and push switch', async () => {
    const { fetch } = renderSettings('/settings/notifications/', {
      updateNotificationSettings: ({ body }) => success(body),
    });
    const mail = await screen.findByRole('combobox', { name: 'Comments: By email' }, FIRST);
    fireEvent.change(mail, { target: { value: 'daily' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'News and tips from Pinboard: On your devices' }));
    await press(document.body, 'Save');
    expect(await screen.findByText('Your notification settings are saved.')).toBeTruthy();
    expect(sentBodies(fetch, '/v3/users/settings/notifications/', 'PUT')).toEqual([
      {
        ...NOTIFICATIONS,
        comments: { email: 'daily', push: true },
        product_news: { email: 'off', push: true },
      },
    ]);
  });
});

describe('/settings/claim', { timeout: 30_000 }, () => {
  it('claims a site, shows the tag and the file to add, and verifies it', async () => {
    const claim = {
      id: '7',
      domain: 'example.com',
      origin: 'https://example.com',
      code: 'abc123',
      verified: false,
      verified_at: null,
      created_at: '2026-11-25T10:00:00.000Z',
    };
    let claims: (typeof claim)[] = [];
    const { fetch } = renderSettings('/settings/claim/', {
      listWebsiteClaims: () => success(claims),
      claimWebsite: () => {
        claims = [claim];
        return success(claim);
      },
      verifyWebsiteClaim: () => failure(400, 'website_not_verified'),
    });
    expect(await screen.findByText("You haven't claimed a website yet.", {}, FIRST)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Website'), { target: { value: 'example.com' } });
    await press(document.body, 'Claim');
    const box = await section('example.com');
    expect(within(box).getByText('<meta name="p:domain_verify" content="abc123"/>')).toBeTruthy();
    expect(within(box).getByText(/named pinboard-abc123.html, holding the code abc123/)).toBeTruthy();
    await press(box, 'Verify');
    expect(await within(box).findByRole('alert')).toBeTruthy();
    expect(within(box).getByRole('alert').textContent).toBe(
      "We couldn't find the tag or the file on your website. Add one, then try again.",
    );
    expect(sentBodies(fetch, '/v3/users/settings/claimed_websites/', 'POST')).toEqual([
      { url: 'example.com' },
    ]);
  });
});
