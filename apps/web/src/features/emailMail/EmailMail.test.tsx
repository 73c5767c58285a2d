// @vitest-environment jsdom
import '../../i18n.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmailSubscriptionPage } from '../../routes/EmailSubscriptionPage.tsx';
import { UserSurveyPage } from '../../routes/UserSurveyPage.tsx';
import { failure, success } from '../../test/apiStub.ts';
import { buildViewer, postedBodies, renderWithAuth, signedInViewer, stubAuthApi } from '../../test/auth.tsx';

const FIRST = { timeout: 10_000 };
const ROUTES = [
  { path: 'email/subscription/*', Component: EmailSubscriptionPage },
  { path: 'email/user_survey/*', Component: UserSurveyPage },
];
const CHOICES = {
  activity: 'daily',
  comments: 'instant',
  messages: 'instant',
  invitations: 'instant',
  product_news: 'off',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The bodies PUT to a path, in order. */
function putBodies(fetch: ReturnType<typeof stubAuthApi>, path: string): unknown[] {
  return fetch.mock.calls
    .filter(
      ([input, init]) =>
        new URL(String(input), 'http://localhost').pathname === path && init?.method === 'PUT',
    )
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

describe('/email/subscription/', { timeout: 30_000 }, () => {
  it("shows a mail link's choices without changing them, and unsubscribes from the mail's category with one button", async () => {
    const fetch = stubAuthApi(buildViewer(), {
      getEmailSubscription: ({ url }) => {
        expect(url.searchParams.get('token')).toBe('u.7.activity.mac');
        return success({ email: 'l***@example.com', categories: ['activity'], choices: CHOICES });
      },
      updateEmailSubscription: () =>
        success({
          email: 'l***@example.com',
          categories: ['activity'],
          choices: { ...CHOICES, activity: 'off' },
        }),
    });
    renderWithAuth({ routes: ROUTES, path: '/email/subscription/?token=u.7.activity.mac' });
    expect(await screen.findByText('Choose what we email l***@example.com about.', {}, FIRST)).toBeTruthy();
    expect(screen.getByText('This email was about: Saves of your Pins and new followers.')).toBeTruthy();
    const select = screen.getByRole('combobox', {
      name: 'Saves of your Pins and new followers',
    }) as HTMLSelectElement;
    expect(select.value).toBe('daily');
    // Opening the page changed nothing.
    expect(putBodies(fetch, '/v3/email/subscription/')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe from these emails' }));
    expect(
      await screen.findByText(
        "You're unsubscribed. We won't email you about: Saves of your Pins and new followers.",
      ),
    ).toBeTruthy();
    expect(putBodies(fetch, '/v3/email/subscription/')).toEqual([
      { token: 'u.7.activity.mac', choices: { activity: 'off' } },
    ]);
    expect(select.value).toBe('off');
  });

  it('saves every category signed in, without a token', async () => {
    const fetch = stubAuthApi(signedInViewer(), {
      getEmailSubscription: () => success({ email: 'a***@example.com', categories: null, choices: CHOICES }),
      updateEmailSubscription: () =>
        success({ email: 'a***@example.com', categories: null, choices: { ...CHOICES, messages: 'daily' } }),
    });
    renderWithAuth({ routes: ROUTES, path: '/email/subscription/' });
    const select = (await screen.findByRole('combobox', { name: 'Messages' }, FIRST)) as HTMLSelectElement;
    expect(screen.queryByRole('button', { name: 'Unsubscribe from these emails' })).toBeNull();
    fireEvent.change(select, { target: { value: 'daily' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your email settings are saved.')).toBeTruthy();
    expect(putBodies(fetch, '/v3/email/subscription/')).toEqual([
      { choices: { ...CHOICES, messages: 'daily' } },
    ]);
  });

  it('explains a link that no longer works and offers to log in', async () => {
    stubAuthApi(buildViewer(), {
      getEmailSubscription: () => failure(400, 'email_link_invalid', { field: 'token' }),
    });
    renderWithAuth({ routes: ROUTES, path: '/email/subscription/?token=old' });
    expect(
      await screen.findByText(
        "This link doesn't work any more. Log in to change what we email you.",
        {},
        FIRST,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in to choose what we email you' })).toBeTruthy();
  });
});

describe('/email/user_survey/', { timeout: 30_000 }, () => {
  it("sends the answers with the mail's token and thanks", async () => {
    const fetch = stubAuthApi(buildViewer(), { submitUserSurvey: () => success({ received: true }) });
    renderWithAuth({ routes: ROUTES, path: '/email/user_survey/?token=s.7.mac' });
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }, FIRST));
    // Nothing is sent without the rating.
    expect(await screen.findByText('Choose how happy you are with Pinboard, from 1 to 5.')).toBeTruthy();
    expect(postedBodies(fetch, '/v3/email/user_survey/')).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: '4' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Recipes' }));
    fireEvent.change(screen.getByRole('textbox', { name: "Anything else you'd like to tell us?" }), {
      target: { value: 'More soup.' },
    });
    expect(screen.getByText('990 characters left')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thanks for telling us!')).toBeTruthy();
    expect(postedBodies(fetch, '/v3/email/user_survey/')).toEqual([
      { token: 's.7.mac', satisfaction: 4, uses: ['recipes'], text: 'More soup.' },
    ]);
  });

  it('asks a visitor without a link to log in, and lets a signed-in person answer', async () => {
    stubAuthApi(buildViewer());
    renderWithAuth({ routes: ROUTES, path: '/email/user_survey/' });
    expect(await screen.findByRole('link', { name: 'Log in to answer the survey' }, FIRST)).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();
    const fetch = stubAuthApi(signedInViewer(), { submitUserSurvey: () => success({ received: true }) });
    renderWithAuth({ routes: ROUTES, path: '/email/user_survey/' });
    fireEvent.click(await screen.findByRole('radio', { name: '5: Very happy' }, FIRST));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(postedBodies(fetch, '/v3/email/user_survey/')).toEqual([
        { satisfaction: 5, uses: [], text: '' },
      ]),
    );
  });
});
