// @vitest-environment jsdom
import '../../i18n.ts';
import type { LiveEvent, Notification } from '@pinboard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpointKey } from '../../api/endpoints.ts';
import { stubApi, success } from '../../test/apiStub.ts';
import { ada, signedInViewer } from '../../test/auth.tsx';
import { buildBoard } from '../../test/boards.ts';
import { useViewer } from '../viewer/useViewer.ts';
import { applyLiveEvent, openLiveEvents } from './liveEvents.ts';
import { NotificationBell } from './NotificationBell.tsx';
import { NotificationList } from './NotificationList.tsx';

const DESKTOP_WIDTH = 1280;
const PHONE_WIDTH = 400;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.innerWidth = DESKTOP_WIDTH;
});

const person = (id: string, name: string) => ({
  ...ada,
  id,
  username: name.toLowerCase(),
  full_name: name,
  first_name: name,
});

function buildNotification(overrides: Partial<Notification>): Notification {
  return {
    id: '1',
    kind: 'pin_saved',
    created_at: new Date().toISOString(),
    seen: false,
    actors: [person('11', 'Lena')],
    actor_count: 1,
    pin: null,
    board: null,
    invite: null,
    comment: null,
    message: null,
    ...overrides,
  };
}

function renderWith(client: QueryClient, ui: React.ReactNode) {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

function HeaderBell() {
  const { session } = useViewer();
  return session ? <NotificationBell userId="1" unread={session.unread_notifications} className="" /> : null;
}

const newClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

describe('the bell', () => {
  it('shows the unread count, and a live event changes it without a request', async () => {
    // On a phone the bell is a link to the page.
    window.innerWidth = PHONE_WIDTH;
    stubApi({ getViewer: () => success(signedInViewer(ada, { unread_notifications: 2 })) });
    const client = newClient();
    renderWith(client, <HeaderBell />);
    expect((await screen.findByTestId('notification-badge')).textContent).toBe('2');
    expect(screen.getByRole('link', { name: 'Notifications, 2 unread' }).getAttribute('href')).toBe(
      '/notifications/',
    );
    const event: LiveEvent = { type: 'notifications', unread_notifications: 3, notification: null };
    act(() => applyLiveEvent(client, event));
    // The query cache tells its observers on the next tick.
    await waitFor(() => expect(screen.getByTestId('notification-badge').textContent).toBe('3'));
    act(() => applyLiveEvent(client, { ...event, unread_notifications: 0 }));
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull());
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeTruthy();
  });

  it("a live invitation makes the viewer's board invitations stale, other kinds leave them", () => {
    const client = newClient();
    const invites = endpointKey('listViewerBoardInvites');
    client.setQueryData(invites, []);
    const arrive = (notification: Notification) =>
      applyLiveEvent(client, { type: 'notifications', unread_notifications: 1, notification });
    arrive(buildNotification({ kind: 'pin_saved' }));
    expect(client.getQueryState(invites)?.isInvalidated).toBe(false);
    arrive(buildNotification({ kind: 'board_invite', invite: { id: '9', status: 'pending' } }));
    expect(client.getQueryState(invites)?.isInvalidated).toBe(true);
  });

  it("a new stream whose count differs from the page's asks the lists again, an equal count does not", () => {
    const client = newClient();
    const invites = endpointKey('listViewerBoardInvites');
    const list = endpointKey('listNotifications');
    client.setQueryData(endpointKey('getViewer'), signedInViewer(ada, { unread_notifications: 1 }));
    const connect = (unread: number) => {
      client.setQueryData(invites, []);
      client.setQueryData(list, []);
      applyLiveEvent(client, { type: 'notifications', unread_notifications: unread, notification: null });
    };
    connect(1);
    expect(client.getQueryState(invites)?.isInvalidated).toBe(false);
    expect(client.getQueryState(list)?.isInvalidated).toBe(false);
    // An invitation came while the page loaded, before its stream opened.
    connect(2);
    expect(client.getQueryState(invites)?.isInvalidated).toBe(true);
    expect(client.getQueryState(list)?.isInvalidated).toBe(true);
  });

  it('opens one EventSource on the generated path and feeds its events to the cache', () => {
    const sources: { url: string; listeners: Map<string, (event: MessageEvent) => void>; closed: boolean }[] =
      [];
    vi.stubGlobal(
      'EventSource',
      class {
        listeners = new Map<string, (event: MessageEvent) => void>();
        closed = false;
        constructor(public url: string) {
          sources.push(this);
        }
        addEventListener(type: string, listener: (event: MessageEvent) => void) {
          this.listeners.set(type, listener);
        }
        close() {
          this.closed = true;
        }
      },
    );
    const client = newClient();
    client.setQueryData(endpointKey('getViewer'), signedInViewer(ada));
    const close = openLiveEvents(client);
    expect(sources.map((source) => source.url)).toEqual(['/v3/live/']);
    const data = JSON.stringify({ type: 'notifications', unread_notifications: 5, notification: null });
    sources[0]!.listeners.get('notifications')!(new MessageEvent('notifications', { data }));
    expect(
      client.getQueryData<{ unread_notifications: number }>(endpointKey('getViewer'))?.unread_notifications,
    ).toBe(5);
    close();
    expect(sources[0]!.closed).toBe(true);
  });
});

describe('the notifications list', () => {
  it('shows grouped items with their words and links, invitations with Accept and Decline, and marks them seen', async () => {
    const fetch = stubApi({
      getViewer: () => success(signedInViewer(ada, { unread_notifications: 2 })),
      listNotifications: () =>
        success([
          buildNotification({
            id: '9',
            actors: [person('11', 'Lena'), person('12', 'Theo'), person('13', 'Mia')],
            actor_count: 4,
            pin: { id: '77', title: 'Blue kitchen', image_url: '/media/x.jpg' },
          }),
          buildNotification({
            id: '10',
            kind: 'comment_mentioned',
            actors: [person('15', 'Ines')],
            pin: { id: '78', title: 'Lamp', image_url: null },
            comment: { id: '31', text: '@ada <b>look</b>' },
          }),
          buildNotification({
            id: '11',
            kind: 'pin_commented',
            actors: [person('16', 'Noor'), person('17', 'Ravi')],
            actor_count: 2,
            pin: { id: '79', title: 'Chair', image_url: null },
            comment: { id: '32', text: 'Lovely' },
          }),
          buildNotification({
            id: '12',
            kind: 'comment_replied',
            pin: { id: '79', title: 'Chair', image_url: null },
            comment: { id: '33', text: 'Thanks!' },
          }),
          buildNotification({
            id: '8',
            kind: 'board_invite',
            actors: [person('14', 'Maya')],
            board: { id: '5', name: 'Surprise', url: '/maya/surprise/' },
            invite: { id: '3', status: 'pending' },
          }),
        ]),
      markNotificationsSeen: () => success({ unread_notifications: 0 }),
    });
    renderWith(newClient(), <NotificationList />);
    const saved = await screen.findByRole('link', { name: 'Lena and 3 others saved your Pin' });
    expect(saved.getAttribute('href')).toBe('/pin/77/');
    // Comment kinds lead to the pin's comments and quote the comment as text.
    const mention = screen.getByRole('link', { name: 'Ines mentioned you' });
    expect(mention.getAttribute('href')).toBe('/pin/78/comments');
    expect(screen.getByText('@ada <b>look</b>').tagName).toBe('Q');
    expect(screen.getByRole('link', { name: 'Noor and Ravi commented on your Pin' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lena replied to your comment' })).toBeTruthy();
    expect(screen.getByText('Maya invited you to collaborate on Surprise')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy();
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([input, init]) => String(input).includes('/v3/notifications/seen/') && init?.method === 'POST',
        ),
      ).toBe(true),
    );
  });

  it("shows a moderation notice's own words, leading to the reports and violations page, without avatars", async () => {
    stubApi({
      getViewer: () => success(signedInViewer(ada, { unread_notifications: 1 })),
      listNotifications: () =>
        success([
          buildNotification({
            id: '10',
            kind: 'moderation',
            actors: [person('1', 'Ada')],
            message: 'Thanks for your report. We reviewed the Pin you reported and removed it.',
          }),
        ]),
      markNotificationsSeen: () => success({ unread_notifications: 0 }),
    });
    renderWith(newClient(), <NotificationList />);
    const notice = await screen.findByRole('link', {
      name: 'Thanks for your report. We reviewed the Pin you reported and removed it.',
    });
    expect(notice.getAttribute('href')).toBe('/reports-and-violations/');
    expect(screen.queryByRole('link', { name: 'Ada' })).toBeNull();
  });
});

describe("the bell's panel on desktop", () => {
  function stubPanelApi() {
    return stubApi({
      getViewer: () => success(signedInViewer(ada, { unread_notifications: 2 })),
      listNotifications: () =>
        success(
          [
            buildNotification({
              id: '9',
              pin: { id: '77', title: 'Blue kitchen', image_url: '/media/x.jpg' },
            }),
            buildNotification({
              id: '8',
              kind: 'board_invite',
              actors: [person('14', 'Maya')],
              board: { id: '5', name: 'Surprise', url: '/maya/surprise/' },
              invite: { id: '3', status: 'pending' },
            }),
          ],
          'next',
        ),
      markNotificationsSeen: () => success({ unread_notifications: 0 }),
      acceptBoardInvite: () => success(buildBoard()),
    });
  }

  it('opens the newest notifications under the bell, with Accept, See all and no Show more', async () => {
    window.innerWidth = DESKTOP_WIDTH;
    const fetch = stubPanelApi();
    renderWith(newClient(), <HeaderBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: /^Notifications/ })).toBeNull();

    fireEvent.click(bell);
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(panel).findByRole('link', { name: 'Lena saved your Pin' })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/notifications/');
    // More exist ('next'), but the panel leaves them to the page.
    expect(within(panel).queryByRole('button', { name: 'Show more' })).toBeNull();

    fireEvent.click(within(panel).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([input, init]) => String(input).includes('/v3/board_invites/3/accept/') && init?.method === 'POST',
        ),
      ).toBe(true),
    );
    // Shown, they are seen: the badge goes.
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull());

    // Escape closes it and gives the focus back to the bell.
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(document.activeElement).toBe(bell);
  });

  it('closes when See all is followed or the person clicks elsewhere', async () => {
    window.innerWidth = DESKTOP_WIDTH;
    stubPanelApi();
    renderWith(newClient(), <HeaderBell />);
    const bell = await screen.findByRole('button', { name: /^Notifications/ });
    fireEvent.click(bell);
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    fireEvent.pointerDown(document.body);
    await waitFor(() => expect(bell.getAttribute('aria-expanded')).toBe('false'));

    fireEvent.click(bell);
    fireEvent.click(await within(panel).findByRole('link', { name: 'See all' }));
    await waitFor(() => expect(bell.getAttribute('aria-expanded')).toBe('false'));
  });
});
