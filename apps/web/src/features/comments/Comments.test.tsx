// @vitest-environment jsdom
import '../../i18n.ts';
import type { Comment, CommentPage } from '@pinboard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi, success } from '../../test/apiStub.ts';
import { ada, buildViewer, signedInViewer } from '../../test/auth.tsx';
import { AuthModalContext, type AuthModalApi } from '../auth/authModalContext.ts';
import { CommentsSection } from './CommentsSection.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lena = { ...ada, id: '11', username: 'lena', full_name: 'Lena Berg', first_name: 'Lena' };

function buildComment(overrides: Partial<Comment>): Comment {
  return {
    id: '1',
    pin_id: '77',
    parent_id: null,
    text: 'Nice',
    created_at: new Date().toISOString(),
    author: lena,
    mentions: [],
    like_count: 0,
    liked_by_me: false,
    can_delete: false,
    reply_count: 0,
    replies: [],
    ...overrides,
  };
}

function renderSection(modal?: Partial<AuthModalApi>) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const api: AuthModalApi = { open: vi.fn(), close: vi.fn(), promptSignup: vi.fn(() => false), ...modal };
  render(
    <QueryClientProvider client={client}>
      <AuthModalContext.Provider value={api}>
        <MemoryRouter>
          <CommentsSection pinId="77" linkHeading />
        </MemoryRouter>
      </AuthModalContext.Provider>
    </QueryClientProvider>,
  );
  return api;
}

const page = (comments: Comment[], count = comments.length): CommentPage => ({
  comment_count: count,
  comments,
});

describe('the comments of a pin', () => {
  it('shows the count, the text as text with known mentions linked and links made safe, and replies', async () => {
    stubApi({
      getViewer: () => success(signedInViewer(ada)),
      listPinComments: () =>
        success(
          page(
            [
              buildComment({
                id: '5',
                text: '<img src=x onerror=alert(1)> @ada see https://example.com/a. @ghost',
                mentions: [{ id: '1', username: 'ada' }],
                like_count: 2,
                reply_count: 2,
                replies: [buildComment({ id: '6', parent_id: '5', text: 'Agreed' })],
              }),
            ],
            3,
          ),
        ),
    });
    renderSection();
    expect((await screen.findByRole('link', { name: '3 comments' })).getAttribute('href')).toBe(
      '/pin/77/comments',
    );
    const [first] = await screen.findAllByTestId('comment');
    expect(first!.querySelector('img')).toBeNull();
    expect(within(first!).getByText('<img src=x onerror=alert(1)>', { exact: false })).toBeTruthy();
    expect(within(first!).getByRole('link', { name: '@ada' }).getAttribute('href')).toBe('/ada/');
    expect(within(first!).queryByRole('link', { name: '@ghost' })).toBeNull();
    const link = within(first!).getByRole('link', { name: 'https://example.com/a (opens in a new tab)' });
    expect(link.getAttribute('rel')).toBe('nofollow noopener noreferrer ugc');
    expect(link.getAttribute('href')).toBe('https://example.com/a');
    expect(within(first!).getByText('2 likes')).toBeTruthy();
    expect(screen.getByText('Agreed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show 1 more reply' })).toBeTruthy();
  });

  it('posts a comment, picking a person to mention from the typeahead, and refreshes the list', async () => {
    const posted: unknown[] = [];
    let comments: Comment[] = [];
    stubApi({
      getViewer: () => success(signedInViewer(ada)),
      listPinComments: () => success(page(comments)),
      getTypeahead: () =>
        success({
          items: [
            { type: 'user', user: { ...lena, follower_count: 3 } },
            { type: 'query', query: 'lamp', source: 'title' },
          ],
        }),
      createPinComment: (request) => {
        posted.push(request.body);
        comments = [
          buildComment({
            id: '9',
            author: ada,
            text: '@lena hello',
            mentions: [{ id: '11', username: 'lena' }],
          }),
        ];
        return success(comments[0]);
      },
    });
    renderSection();
    expect(await screen.findByText('No comments yet! Add one to start the conversation.')).toBeTruthy();
    const field = screen.getByRole('combobox', { name: 'Add a comment' }) as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: '@le', selectionStart: 3 } });
    const option = await screen.findByRole('option', { name: /Lena Berg/ });
    fireEvent.mouseDown(option);
    expect(field.value).toBe('@lena ');
    fireEvent.change(field, { target: { value: '@lena hello', selectionStart: 11 } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(posted).toEqual([{ text: '@lena hello' }]));
    expect(await screen.findByRole('link', { name: '@lena' })).toBeTruthy();
    await waitFor(() => expect(field.value).toBe(''));
  });

  it("opens sign-up from a visitor's comment field (commentComposer)", async () => {
    stubApi({
      getViewer: () => success(buildViewer()),
      listPinComments: () => success(page([buildComment({})])),
    });
    const promptSignup = vi.fn(() => true);
    renderSection({ promptSignup });
    await screen.findByText('Nice');
    fireEvent.focus(screen.getByRole('combobox', { name: 'Add a comment' }));
    expect(promptSignup).toHaveBeenCalledWith({
      container: 'home_page',
      signupSource: 'commentComposer',
      pinId: '77',
    });
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('deletes a comment the viewer may delete, and likes one', async () => {
    const calls: string[] = [];
    stubApi({
      getViewer: () => success(signedInViewer(ada)),
      listPinComments: () => success(page([buildComment({ id: '4', can_delete: true })])),
      deleteComment: () => {
        calls.push('delete');
        return success(null);
      },
      likeComment: () => {
        calls.push('like');
        return success({ comment_id: '4', liked_by_me: true, like_count: 1 });
      },
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Like comment by Lena Berg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete comment by Lena Berg' }));
    await waitFor(() => expect(calls.sort()).toEqual(['delete', 'like']));
  });

  it("offers Report on someone else's comment, signed in, and sends a comment report", async () => {
    const bodies: unknown[] = [];
    stubApi({
      getViewer: () => success(signedInViewer(ada)),
      listPinComments: () =>
        success(page([buildComment({ id: '4' }), buildComment({ id: '3', author: ada, text: 'Mine' })])),
      createReport: ({ body }) => {
        bodies.push(body);
        return success({
          id: '90',
          object_type: 'comment',
          object_id: '4',
          reason: 'spam',
          status: 'open',
          created_at: new Date().toISOString(),
        });
      },
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Report comment by Lena Berg' }));
    // Not on the viewer's own comment.
    expect(screen.queryByRole('button', { name: /Report comment by Ada/ })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Report comment' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(bodies).toEqual([{ object_type: 'comment', object_id: '4', reason: 'spam' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers no Report to a visitor', async () => {
    stubApi({
      getViewer: () => success(buildViewer()),
      listPinComments: () => success(page([buildComment({ id: '4' })])),
    });
    renderSection();
    await screen.findByText('Nice');
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();
  });

  it('shows its author a removed comment with the notice and Appeal, instead of its actions', async () => {
    const bodies: unknown[] = [];
    stubApi({
      getViewer: () => success(signedInViewer(ada)),
      listPinComments: () =>
        success(
          page([
            buildComment({
              id: '4',
              author: ada,
              text: 'Cheap quilts',
              removal: { violation_id: '12', reason: 'spam', appeal: null },
            }),
          ]),
        ),
      createAppeal: ({ body }) => {
        bodies.push(body);
        return success({
          id: '5',
          object_type: 'comment',
          object_id: '4',
          violation: 'spam',
          reason: 'A joke',
          status: 'pending',
          created_at: new Date().toISOString(),
          decided_at: null,
          object: null,
        });
      },
    });
    renderSection();
    const notice = await screen.findByTestId('removed-comment-notice');
    expect(within(notice).getByRole('heading', { name: 'This comment was removed' })).toBeTruthy();
    expect(notice.textContent).toContain(
      'It goes against our Community Guidelines on spam. Only you can see it.',
    );
    expect(screen.getByText('Cheap quilts')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Like comment/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    fireEvent.click(within(notice).getByRole('button', { name: 'Appeal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal this removal' });
    fireEvent.change(within(dialog).getByLabelText('Why should this comment be restored?'), {
      target: { value: 'A joke' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send appeal' }));
    await waitFor(() =>
      expect(bodies).toEqual([{ object_type: 'comment', object_id: '4', reason: 'A joke' }]),
    );
  });

  it('shows the appeal state once appealed', async () => {
    stubApi({
      getViewer: () => success(signedInViewer(ada)),
      listPinComments: () =>
        success(
          page([
            buildComment({
              id: '4',
              author: ada,
              removal: { violation_id: '12', reason: 'spam', appeal: { id: '5', status: 'upheld' } },
            }),
          ]),
        ),
    });
    renderSection();
    const notice = await screen.findByTestId('removed-comment-notice');
    expect(notice.textContent).toContain('We reviewed your appeal. This comment stays removed.');
    expect(within(notice).queryByRole('button', { name: 'Appeal' })).toBeNull();
  });
});
