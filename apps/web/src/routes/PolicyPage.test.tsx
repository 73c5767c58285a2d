// @vitest-environment jsdom
import '../i18n.ts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { PolicyPage } from './PolicyPage.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '_/_/policy/:policy', Component: PolicyPage }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('PolicyPage', () => {
  it('shows the privacy policy with its title, one h1 and a Notice at collection to link to', async () => {
    renderAt('/_/_/policy/privacy-policy/');

    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Privacy policy',
    ]);
    await waitFor(() => expect(document.title).toBe('Privacy policy · Pinboard'));
    expect(screen.getByRole('article', { name: 'Privacy policy' })).toBeTruthy();
    const notice = screen.getByRole('region', { name: 'Notice at collection' });
    expect(notice.id).toBe('notice-at-collection');
    expect(within(notice).getByText(/We do not sell personal information/)).toBeTruthy();
    expect(screen.getByText(/as an argon2id hash/)).toBeTruthy();
    for (const cookie of [
      '_pinboard_sess',
      '_pinboard_recognized',
      '_pinboard_group',
      'csrftoken',
      '_pinboard_visitor',
      'underage',
    ]) {
      expect(screen.getByText(new RegExp(`^${cookie}:`)), cookie).toBeTruthy();
    }
    expect(screen.getByText(/A session lasts 30 days/)).toBeTruthy();
    expect(screen.getByText(/A recognition token lasts one year/)).toBeTruthy();
  });

  it('shows the terms of service with the minimum ages', async () => {
    renderAt('/_/_/policy/terms-of-service/');

    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Terms of service',
    ]);
    await waitFor(() => expect(document.title).toBe('Terms of service · Pinboard'));
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual([
      'Who can use Pinboard',
      'Your account',
      'What you save',
      'Acceptable use',
      'Ending your account',
      'Changes to these terms',
    ]);
    expect(screen.getByText(/at least 13 years old .* or 14 in South Korea/)).toBeTruthy();
  });

  it('scrolls to the section a link names', async () => {
    // jsdom does not lay out, so it has no scrollIntoView of its own.
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    onTestFinished(() => {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    });
    renderAt('/_/_/policy/privacy-policy/#notice-at-collection');

    await waitFor(() => expect(scrollIntoView).toHaveBeenCalled());
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('notice-at-collection'));
  });

  it.each(['cookie-policy', 'PRIVACY-POLICY', 'terms'])('shows the not-found page for %s', (policy) => {
    renderAt(`/_/_/policy/${policy}/`);

    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});
