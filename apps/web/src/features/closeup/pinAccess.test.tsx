// @vitest-environment jsdom
import '../../i18n.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PinPage } from '../../routes/PinPage.tsx';
import { failure, stubApi } from '../../test/apiStub.ts';
import { movedPinUrl, signedOutPinRedirect } from './pinAccess.ts';
import { ApiRequestError } from '../../api/client.ts';

// A missing pin for a signed-out viewer (docs/product/pins.md#signed-out-access) (the closeup's own tests
// cover the plain 404).
vi.mock('../viewer/useViewer.ts', () => ({ useViewer: () => ({ viewer: null, isLoading: false }) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

function renderPin(id: string) {
  const router = createMemoryRouter(
    [
      { path: '/pin/:id', element: <PinPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [`/pin/${id}/`] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const withCode = (response: Response, apiErrorCode: number) =>
  response.json().then((body) => {
    body.resource_response.error.api_error_code = apiErrorCode;
    return Response.json(body, { status: response.status });
  });

describe('a signed-out viewer asking for a pin', () => {
  it('goes home with the error flag when the lookup answers 401 with code 7', async () => {
    stubApi({
      getPin: () => failure(401, 'auth_required'),
      listRelatedPins: () => failure(404, 'pin_not_found'),
    });
    const fetch = vi.mocked(globalThis.fetch);
    const answer = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) => {
      const response = await answer(input, init);
      return String(input).includes('/related/') ? response : withCode(response, 7);
    });
    renderPin('7');
    expect((await screen.findByTestId('location')).textContent).toBe('/?error=pin_not_found');
  });

  it('follows a 301 answer to its redirectUrl', async () => {
    stubApi({
      getPin: () => failure(301, 'moved', { data: { redirectUrl: '/ada/engines/' } }),
      listRelatedPins: () => failure(404, 'pin_not_found'),
    });
    renderPin('8');
    expect((await screen.findByTestId('location')).textContent).toBe('/ada/engines/');
  });
});

describe('pin access rules', () => {
  const moved = (redirectUrl: unknown) =>
    new ApiRequestError({
      http_status: 301,
      api_error_code: 0,
      code: 'moved',
      message: 'moved',
      message_detail: null,
      field: null,
      data: { redirectUrl },
    });

  it('goes to the ideas page from an ideas page, else home', () => {
    expect(signedOutPinRedirect('/ideas/')).toBe('/ideas/?error=pin_not_found');
    expect(signedOutPinRedirect('/ideas/home-decor/123/')).toBe('/ideas/?error=pin_not_found');
    expect(signedOutPinRedirect('/pin/1/')).toBe('/?error=pin_not_found');
    expect(signedOutPinRedirect('/ideasmith/')).toBe('/?error=pin_not_found');
  });

  it('follows only a path on this site', () => {
    expect(movedPinUrl(moved('/pin/9/'))).toBe('/pin/9/');
    for (const target of ['https://evil.test/', '//evil.test/', '/\\evil.test', 42, null]) {
      expect(movedPinUrl(moved(target))).toBeNull();
    }
  });
});
