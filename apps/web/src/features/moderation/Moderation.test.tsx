// @vitest-environment jsdom
import '../../i18n.ts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgeAppealPage } from '../../routes/AgeAppealPage.tsx';
import { AppealedPinPage } from '../../routes/AppealedPinPage.tsx';
import { ReportsAndViolationsPage } from '../../routes/ReportsAndViolationsPage.tsx';
import { failure, success } from '../../test/apiStub.ts';
import { buildViewer, renderWithAuth, signedInViewer, stubAuthApi } from '../../test/auth.tsx';
import { buildPin } from '../../test/pins.ts';
import { sentBodies } from '../../test/settings.tsx';
import { RemovalNotice } from './RemovalNotice.tsx';
import { RemovedPinNotice } from './RemovedPinNotice.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const object = { title: 'Zebra quilt', image_url: '/media/z.jpg', url: '/pin/5/' };

describe('the removed-pin notice', () => {
  it('says why and sends an appeal with a reason; an empty reason is refused first', async () => {
    const fetch = stubAuthApi(signedInViewer(), {
      createAppeal: () =>
        success({
          id: '9',
          object_type: 'pin',
          object_id: '5',
          violation: 'spam',
          reason: 'Mine',
          status: 'pending',
          created_at: new Date().toISOString(),
          decided_at: null,
          object,
        }),
    });
    const pin = buildPin({ id: '5', removal: { violation_id: '3', reason: 'spam', appeal: null } });
    renderWithAuth({
      routes: [{ path: 'pin/:id', Component: () => <RemovedPinNotice pin={pin} /> }],
      path: '/pin/5/',
    });
    expect(await screen.findByRole('heading', { name: 'This Pin was removed' })).toBeTruthy();
    expect(
      screen.getByText('It goes against our Community Guidelines on spam. Only you can see it.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Appeal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal this removal' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send appeal' }));
    expect(await within(dialog).findByText('Tell us why this should be restored.')).toBeTruthy();
    expect(sentBodies(fetch, '/v3/appeals/', 'POST')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Why should this Pin be restored?'), {
      target: { value: 'It is my own pattern.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send appeal' }));
    await waitFor(() =>
      expect(sentBodies(fetch, '/v3/appeals/', 'POST')).toEqual([
        { object_type: 'pin', object_id: '5', reason: 'It is my own pattern.' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 20_000);

  it('shows a pending appeal instead of the button', async () => {
    stubAuthApi(signedInViewer());
    const pin = buildPin({
      removal: { violation_id: '3', reason: 'nudity', appeal: { id: '9', status: 'pending' } },
    });
    renderWithAuth({ routes: [{ path: '/', Component: () => <RemovedPinNotice pin={pin} /> }], path: '/' });
    expect(
      await screen.findByText('You appealed this removal. We’ll let you know the outcome.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Appeal' })).toBeNull();
  });
});

describe('the removed-board notice', () => {
  it('names the board and sends an appeal of the board', async () => {
    const fetch = stubAuthApi(signedInViewer(), {
      createAppeal: () =>
        success({
          id: '9',
          object_type: 'board',
          object_id: '31',
          violation: 'hateful',
          reason: 'Mine',
          status: 'pending',
          created_at: new Date().toISOString(),
          decided_at: null,
          object: { title: 'Cozy rooms', image_url: null, url: '/maya/cozy-rooms/' },
        }),
    });
    renderWithAuth({
      routes: [
        {
          path: '/',
          Component: () => (
            <RemovalNotice
              objectType="board"
              objectId="31"
              removal={{ violation_id: '3', reason: 'hateful', appeal: null }}
              refresh={['board']}
            />
          ),
        },
      ],
      path: '/',
    });
    expect(await screen.findByRole('heading', { name: 'This board was removed' })).toBeTruthy();
    expect(
      screen.getByText(
        'It goes against our Community Guidelines on hateful activities. Only you can see it.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Appeal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal this removal' });
    fireEvent.change(within(dialog).getByLabelText('Why should this board be restored?'), {
      target: { value: 'These are my own rooms.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send appeal' }));
    await waitFor(() =>
      expect(sentBodies(fetch, '/v3/appeals/', 'POST')).toEqual([
        { object_type: 'board', object_id: '31', reason: 'These are my own rooms.' },
      ]),
    );
  }, 20_000);

  it('says an upheld appeal keeps the board removed', async () => {
    stubAuthApi(signedInViewer());
    renderWithAuth({
      routes: [
        {
          path: '/',
          Component: () => (
            <RemovalNotice
              objectType="board"
              objectId="31"
              removal={{ violation_id: '3', reason: 'spam', appeal: { id: '9', status: 'upheld' } }}
              refresh={['board']}
            />
          ),
        },
      ],
      path: '/',
    });
    expect(await screen.findByText('We reviewed your appeal. This board stays removed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Appeal' })).toBeNull();
  });
});

describe('/appealed-pin/ and /reports-and-violations/', () => {
  it("lists the viewer's appeals with their outcomes", async () => {
    stubAuthApi(signedInViewer(), {
      listAppeals: () =>
        success({
          items: [
            {
              id: '9',
              object_type: 'pin',
              object_id: '5',
              violation: 'spam',
              reason: 'It is my own pattern.',
              status: 'restored',
              created_at: new Date().toISOString(),
              decided_at: new Date().toISOString(),
              object,
            },
          ],
        }),
    });
    renderWithAuth({
      routes: [{ path: 'appealed-pin', Component: AppealedPinPage }],
      path: '/appealed-pin/',
    });
    const item = await screen.findByTestId('appeal', {}, { timeout: 10_000 });
    expect(within(item).getByRole('link', { name: 'Zebra quilt' }).getAttribute('href')).toBe('/pin/5/');
    expect(within(item).getByText('Removed for spam')).toBeTruthy();
    expect(within(item).getByText('Restored')).toBeTruthy();
  }, 20_000);

  it('lists reports made with outcomes and violations with their appeal', async () => {
    const now = new Date().toISOString();
    stubAuthApi(signedInViewer(), {
      listReportsAndViolations: () =>
        success({
          reports: [
            {
              id: '1',
              object_type: 'board',
              object_id: '2',
              reason: 'hateful',
              status: 'closed',
              outcome: 'dismiss',
              created_at: now,
              resolved_at: now,
            },
            {
              id: '2',
              object_type: 'pin',
              object_id: '3',
              reason: 'spam',
              status: 'open',
              outcome: null,
              created_at: now,
              resolved_at: null,
            },
          ],
          violations: [
            {
              id: '4',
              object_type: 'pin',
              object_id: '5',
              reason: 'violence',
              action: 'remove',
              note: null,
              created_at: now,
              appeal: { id: '9', status: 'upheld' },
              object,
            },
          ],
        }),
    });
    renderWithAuth({
      routes: [{ path: 'reports-and-violations', Component: ReportsAndViolationsPage }],
      path: '/reports-and-violations/',
    });
    const reports = await screen.findByRole('list', { name: 'Your reports' }, { timeout: 10_000 });
    const items = within(reports).getAllByTestId('my-report');
    expect(items.map((item) => item.textContent)).toEqual([
      'Board reported for hateful activitiesNo violation found',
      'Pin reported for spamUnder review',
    ]);
    const violation = within(screen.getByRole('list', { name: 'Violations' })).getByTestId('violation');
    expect(within(violation).getByText('Removed: graphic violence')).toBeTruthy();
    expect(within(violation).getByRole('link', { name: 'Appeal: Removal upheld' })).toBeTruthy();
  }, 20_000);

  it('lists comment reports and a removed comment among the violations, linked to its pin', async () => {
    const now = new Date().toISOString();
    stubAuthApi(signedInViewer(), {
      listReportsAndViolations: () =>
        success({
          reports: [
            {
              id: '3',
              object_type: 'comment',
              object_id: '8',
              reason: 'harassment',
              status: 'closed',
              outcome: 'remove',
              created_at: now,
              resolved_at: now,
            },
          ],
          violations: [
            {
              id: '6',
              object_type: 'comment',
              object_id: '7',
              reason: 'spam',
              action: 'remove',
              note: null,
              created_at: now,
              appeal: null,
              object: { title: 'Cheap quilts at spam.example', image_url: null, url: '/pin/5/' },
            },
          ],
        }),
    });
    renderWithAuth({
      routes: [{ path: 'reports-and-violations', Component: ReportsAndViolationsPage }],
      path: '/reports-and-violations/',
    });
    const reports = await screen.findByRole('list', { name: 'Your reports' }, { timeout: 10_000 });
    expect(within(reports).getByTestId('my-report').textContent).toBe(
      'Comment reported for harassment or privacy violationsRemoved',
    );
    const violation = within(screen.getByRole('list', { name: 'Violations' })).getByTestId('violation');
    expect(
      within(violation).getByRole('link', { name: 'Cheap quilts at spam.example' }).getAttribute('href'),
    ).toBe('/pin/5/');
    expect(within(violation).getByText('Removed: spam')).toBeTruthy();
  }, 20_000);
});

describe('/age-appeal/', () => {
  it('asks for a review, then shows its outcome; approved lifts the sign-up block', async () => {
    document.cookie = 'underage=1; Path=/';
    let status = 'pending';
    const fetch = stubAuthApi(buildViewer(), {
      createAgeAppeal: () =>
        success({
          id: '7',
          status: 'pending',
          created_at: new Date().toISOString(),
          decided_at: null,
          key: 'k'.repeat(32),
        }),
      getAgeAppeal: () =>
        success({ id: '7', status, created_at: new Date().toISOString(), decided_at: null }),
    });
    renderWithAuth({ routes: [{ path: 'age-appeal/*', Component: AgeAppealPage }], path: '/age-appeal/' });
    fireEvent.change(await screen.findByLabelText('Email', {}, { timeout: 10_000 }), {
      target: { value: 'young@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Birthday'), { target: { value: '2000-02-03' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask for a review' }));
    expect(await screen.findByText('We’re reviewing your birthday. Check back here later.')).toBeTruthy();
    expect(sentBodies(fetch, '/v3/age-appeals/', 'POST')).toEqual([
      { email: 'young@example.com', birthday: '2000-02-03' },
    ]);
    expect(document.cookie).toContain('underage=1');

    cleanup();
    status = 'approved';
    renderWithAuth({ routes: [{ path: 'age-appeal/*', Component: AgeAppealPage }], path: '/age-appeal/' });
    expect(await screen.findByText('Your review was approved. You can sign up now.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup/');
    await waitFor(() => expect(document.cookie).not.toContain('underage=1'));
  }, 20_000);

  it('forgets a review the server no longer knows and shows the form again', async () => {
    localStorage.setItem('pinboard.ageReview', JSON.stringify({ id: '7', key: 'k'.repeat(32) }));
    stubAuthApi(buildViewer(), { getAgeAppeal: () => failure(404, 'age_appeal_not_found') });
    renderWithAuth({ routes: [{ path: 'age-appeal/*', Component: AgeAppealPage }], path: '/age-appeal/' });
    expect(await screen.findByRole('button', { name: 'Ask for a review' }, { timeout: 10_000 })).toBeTruthy();
    expect(localStorage.getItem('pinboard.ageReview')).toBeNull();
  }, 20_000);
});
