// @vitest-environment jsdom
import '../../i18n.ts';
import type { Conversation, Message, Viewer } from '@pinboard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpointKey } from '../../api/endpoints.ts';
import { failure, stubApi, success } from '../../test/apiStub.ts';
import { ada, signedInViewer } from '../../test/auth.tsx';
import { buildProfile } from '../../test/boards.ts';
import { ConversationView } from './ConversationView.tsx';
import { applyMessagesEvent } from './liveMessages.ts';
import { MessagesButton } from './MessagesButton.tsx';
import { SendDialog } from './SendDialog.tsx';

afterEach(cleanup);

// The inbox panel is its own lazily loaded chunk: its first render waits for the import.
const FIRST_RENDER = { timeout: 10_000 };
const LAZY_TEST = 20_000;

const bo = { ...ada, id: '2', username: 'bo', full_name: 'Bo Berg', first_name: 'Bo' };

function buildMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: '10',
    conversation_id: '5',
    sender: bo,
    text: 'Hello Ada',
    pin: null,
    pin_unavailable: false,
    created_at: new Date().toISOString(),
    edited_at: null,
    deleted: false,
    ...overrides,
  };
}

function buildConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: '5',
    members: [bo],
    status: 'accepted',
    awaiting_accept: false,
    group: false,
    last_message: null,
    unread: false,
    blocked: false,
    ...overrides,
  };
}

const newClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

function renderWith(client: QueryClient, ui: React.ReactNode, path = '/') {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/conversation/:id/" element={<p>conversation page</p>} />
          <Route path="*" element={ui} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('live messages', () => {
  it('moves the header count and adds the new message to its open conversation once', () => {
    const client = newClient();
    client.setQueryData(endpointKey('getViewer'), signedInViewer(ada));
    const key = endpointKey('listMessages', { params: { id: '5' }, query: { page_size: 50 } });
    client.setQueryData(key, [buildMessage({ id: '9', text: 'Earlier' })]);
    const event = { type: 'messages', unread_conversations: 3, message: buildMessage() } as const;
    applyMessagesEvent(client, event);
    applyMessagesEvent(client, event);
    expect(client.getQueryData<Viewer>(endpointKey('getViewer'))?.unread_conversations).toBe(3);
    expect(client.getQueryData<Message[]>(key)?.map((m) => m.text)).toEqual(['Hello Ada', 'Earlier']);
  });

  it(
    'labels the header icon with the count and opens the inbox panel',
    async () => {
      stubApi({
        listConversations: () =>
          success([
            buildConversation({
              unread: true,
              last_message: buildMessage({ text: '', pin_unavailable: true }),
            }),
          ]),
      });
      renderWith(newClient(), <MessagesButton unread={2} />);
      const button = screen.getByRole('button', { name: 'Messages, 2 unread' });
      expect(screen.getByTestId('messages-badge').textContent).toBe('2');
      fireEvent.click(button);
      const link = await screen.findByRole(
        'link',
        { name: 'Open the conversation with Bo Berg' },
        FIRST_RENDER,
      );
      expect(link.getAttribute('href')).toBe('/conversation/5/');
      expect(screen.getByText('Sent a Pin')).toBeTruthy();
    },
    LAZY_TEST,
  );
});

describe('New message', () => {
  it(
    'picks people in the inbox panel and opens the conversation with exactly them, no pin sent',
    async () => {
      const cy = { ...bo, id: '3', username: 'cy', full_name: 'Cy Ng', first_name: 'Cy' };
      const fetch = stubApi({
        listConversations: () => success([]),
        messagePeople: () => success([bo, cy]),
        createConversation: () => success(buildConversation({ members: [bo, cy] })),
      });
      renderWith(newClient(), <MessagesButton unread={0} />);
      fireEvent.click(screen.getByRole('button', { name: 'Messages' }));
      fireEvent.click(await screen.findByRole('button', { name: 'New message' }, FIRST_RENDER));
      expect(screen.getByRole('heading', { name: 'New message' })).toBeTruthy();
      // Without a pin there is nothing to add a message to: the conversation's composer takes it.
      fireEvent.click(await screen.findByRole('button', { name: /@bo$/ }));
      fireEvent.click(screen.getByRole('button', { name: /@cy$/ }));
      expect(screen.queryByRole('textbox', { name: 'Add a message' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Remove Cy Ng' }));
      fireEvent.click(screen.getByRole('button', { name: /@cy$/ }));
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByText('conversation page')).toBeTruthy();
      const posted = fetch.mock.calls.find(
        ([input, init]) => String(input).endsWith('/v3/conversations/') && init?.method === 'POST',
      );
      expect(JSON.parse(String(posted![1]!.body))).toEqual({ user_ids: ['2', '3'] });
    },
    LAZY_TEST,
  );

  it(
    'goes back to the list',
    async () => {
      stubApi({ listConversations: () => success([]), messagePeople: () => success([]) });
      renderWith(newClient(), <MessagesButton unread={0} />);
      fireEvent.click(screen.getByRole('button', { name: 'Messages' }));
      fireEvent.click(await screen.findByRole('button', { name: 'New message' }, FIRST_RENDER));
      fireEvent.click(screen.getByRole('button', { name: 'Back to messages' }));
      expect(
        await screen.findByText(
          'No messages yet. Start a conversation with New message, or send a Pin to someone.',
        ),
      ).toBeTruthy();
    },
    LAZY_TEST,
  );
});

describe('the conversation', () => {
  it("edits and deletes the viewer's own messages, not others'; shows edited and deleted ones", async () => {
    const mine = buildMessage({ id: '20', sender: ada, text: 'Hi Bo' });
    const fetch = stubApi({
      getConversation: () => success(buildConversation()),
      getUser: () => success(buildProfile({ id: '2', username: 'bo' })),
      listMessages: () =>
        success([
          mine,
          buildMessage({ id: '19', text: 'Changed my mind', edited_at: new Date().toISOString() }),
          buildMessage({ id: '18', text: '', deleted: true }),
        ]),
      markConversationRead: () => success({ unread_conversations: 0 }),
      editMessage: () => success({ ...mine, text: 'Hi Bo!', edited_at: new Date().toISOString() }),
      deleteMessage: () => success({ ...mine, text: '', deleted: true }),
    });
    renderWith(newClient(), <ConversationView id="5" viewerId={ada.id} />);
    const items = await screen.findAllByTestId('message');
    expect(items.map((item) => item.textContent)).toEqual([
      'Bo BergThis message was deleted',
      'Bo BergChanged my mindEdited',
      'Hi BoEditDelete',
    ]);
    // Only the viewer's own message has Edit and Delete.
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Edit your message' }), {
      target: { value: 'Hi Bo!' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Hi Bo!')).toBeTruthy();
    const edits = fetch.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(edits.map(([input, init]) => [String(input), init?.body])).toEqual([
      [expect.stringContaining('/v3/conversations/5/messages/20/'), JSON.stringify({ text: 'Hi Bo!' })],
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('group', { name: 'Delete this message for everyone?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByText('This message was deleted')).toHaveLength(2));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  }, 20_000);

  it('shows messages oldest first, a pin card only when it came, and marks it read', async () => {
    const fetch = stubApi({
      getConversation: () => success(buildConversation({ unread: true })),
      getUser: () => success(buildProfile({ id: '2', username: 'bo' })),
      listMessages: () =>
        success([
          buildMessage({ id: '12', text: '', pin_unavailable: true }),
          buildMessage({ id: '11', text: '', pin: { id: '77', title: 'Blue lamp', image_url: null } }),
          buildMessage({ id: '10', sender: ada, text: 'Hi Bo' }),
        ]),
      markConversationRead: () => success({ unread_conversations: 0 }),
    });
    renderWith(newClient(), <ConversationView id="5" viewerId={ada.id} />);
    const items = await screen.findAllByTestId('message');
    expect(items.map((item) => item.textContent)).toEqual([
      'Hi BoEditDelete',
      'Bo BergBlue lamp',
      'Bo BergThis Pin is unavailable',
    ]);
    expect(screen.getByRole('link', { name: 'Blue lamp' }).getAttribute('href')).toBe('/pin/77/');
    await waitFor(() =>
      expect(fetch.mock.calls.some(([input]) => String(input).includes('/v3/conversations/5/read/'))).toBe(
        true,
      ),
    );
  });

  it('offers Accept and Decline on a request, and no composer once someone is blocked', async () => {
    stubApi({
      getConversation: () => success(buildConversation({ status: 'request', blocked: true })),
      getUser: () => success(buildProfile({ id: '2', username: 'bo' })),
      listMessages: () => success([buildMessage()]),
      markConversationRead: () => success({ unread_conversations: 0 }),
    });
    renderWith(newClient(), <ConversationView id="5" viewerId={ada.id} />);
    expect(await screen.findByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(screen.getByText("You can't send messages in this conversation.")).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });

  it("leaves a group after asking, from the group's menu, and goes home", async () => {
    const cy = { ...bo, id: '3', username: 'cy', full_name: 'Cy Ng', first_name: 'Cy' };
    const fetch = stubApi({
      getConversation: () => success(buildConversation({ members: [bo, cy], group: true })),
      listMessages: () => success([buildMessage()]),
      markConversationRead: () => success({ unread_conversations: 0 }),
      leaveConversation: () => success({ unread_conversations: 0 }),
    });
    const confirm = vi.spyOn(window, 'confirm');
    render(
      <QueryClientProvider client={newClient()}>
        <MemoryRouter initialEntries={['/conversation/5/']}>
          <Routes>
            <Route path="/" element={<p>home feed</p>} />
            <Route path="/conversation/:id/" element={<ConversationView id="5" viewerId={ada.id} />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // A group has no one person to block: its menu has Leave.
    fireEvent.click(await screen.findByRole('button', { name: 'More options' }));
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
    confirm.mockReturnValueOnce(false);
    fireEvent.click(screen.getByRole('button', { name: 'Leave conversation' }));
    expect(fetch.mock.calls.some(([input]) => String(input).includes('/leave/'))).toBe(false);
    confirm.mockReturnValueOnce(true);
    fireEvent.click(screen.getByRole('button', { name: 'More options' }));
    fireEvent.click(screen.getByRole('button', { name: 'Leave conversation' }));
    expect(await screen.findByText('home feed')).toBeTruthy();
    expect(confirm).toHaveBeenLastCalledWith("Leave this conversation? You won't get its messages anymore.");
    expect(fetch.mock.calls.some(([input]) => String(input).includes('/v3/conversations/5/leave/'))).toBe(
      true,
    );
    confirm.mockRestore();
  });

  it('shows why a message was refused', async () => {
    stubApi({
      getConversation: () => success(buildConversation()),
      getUser: () => success(buildProfile({ id: '2', username: 'bo' })),
      listMessages: () => success([]),
      sendMessage: () => failure(403, 'message_blocked'),
    });
    renderWith(newClient(), <ConversationView id="5" viewerId={ada.id} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Message' }), {
      target: { value: 'Hello?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('You can’t send messages to this person.')).toBeTruthy();
  });
});

describe('the Send dialog', () => {
  it('sends the pin to the people picked, with a message, and opens the conversation', async () => {
    const fetch = stubApi({
      messagePeople: () => success([bo]),
      createConversation: () => success(buildConversation()),
    });
    renderWith(newClient(), <SendDialog pinId="77" onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: /@bo$/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Add a message' }), { target: { value: 'Look!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('conversation page')).toBeTruthy();
    const posted = fetch.mock.calls.find(
      ([input, init]) => String(input).endsWith('/v3/conversations/') && init?.method === 'POST',
    );
    expect(JSON.parse(String(posted![1]!.body))).toEqual({ user_ids: ['2'], pin_id: '77', text: 'Look!' });
  });

  it('checks the email address before sending, then mails the pin', async () => {
    const fetch = stubApi({
      messagePeople: () => success([]),
      sendPinEmail: () => success({ sent: true }),
    });
    renderWith(newClient(), <SendDialog pinId="77" onClose={() => {}} />);
    const field = screen.getByRole('textbox', { name: 'Send by email' });
    fireEvent.change(field, { target: { value: 'not an address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send email' }));
    expect(await screen.findByText("Hmm...that doesn't look like an email address")).toBeTruthy();
    expect(fetch.mock.calls.some(([input]) => String(input).includes('send_email'))).toBe(false);
    fireEvent.change(field, { target: { value: 'friend@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send email' }));
    expect(await screen.findByText('Email sent!')).toBeTruthy();
  });
});
