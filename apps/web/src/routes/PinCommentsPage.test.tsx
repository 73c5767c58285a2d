// @vitest-environment jsdom
import '../i18n.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { buildPin } from '../test/pins.ts';
import { failure, stubApi, success } from '../test/apiStub.ts';
import { buildViewer } from '../test/auth.tsx';
import { PinCommentsPage } from './PinCommentsPage.tsx';

afterEach(cleanup);

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/pin/:id/comments" element={<PinCommentsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

it("shows the pin's title, a way back to it, and its comments", async () => {
  stubApi({
    getViewer: () => success(buildViewer()),
    getPin: () => success(buildPin({ id: '42', title: 'Moss on a wall' })),
    listPinComments: () => success({ comment_count: 0, comments: [] }),
  });
  renderAt('/pin/42/comments');
  expect(await screen.findByRole('heading', { level: 1, name: 'Moss on a wall' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Back to the Pin' }).getAttribute('href')).toBe('/pin/42/');
  expect(await screen.findByRole('heading', { level: 2, name: 'Comments' })).toBeTruthy();
  expect(await screen.findByText('No comments yet! Add one to start the conversation.')).toBeTruthy();
});

it('says the pin is not there when the API hides it', async () => {
  stubApi({ getViewer: () => success(buildViewer()), getPin: () => failure(404, 'pin_not_found') });
  renderAt('/pin/77/comments');
  expect(await screen.findByText('We could not find that pin')).toBeTruthy();
});
