// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, requestedUrls, stubApi, success } from '../../test/apiStub.ts';
import { buildViewer, signedInViewer } from '../../test/auth.tsx';
import { useViewer } from './useViewer.ts';

function Probe() {
  const { viewer, isLoading } = useViewer();
  return <p>{isLoading ? 'loading' : (viewer?.username ?? 'visitor')}</p>;
}

function renderProbes() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Probe />
      <Probe />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useViewer', () => {
  it('loads the signed-in user once for every component that asks', async () => {
    const fetch = stubApi({ getViewer: () => success(signedInViewer()) });
    renderProbes();

    expect(screen.getAllByText('loading')).toHaveLength(2);
    expect(await screen.findAllByText('ada')).toHaveLength(2);
    expect(requestedUrls(fetch)).toEqual(['/v3/users/me/']);
  });

  it('gives null for a visitor', async () => {
    stubApi({ getViewer: () => success(buildViewer()) });
    renderProbes();

    expect(await screen.findAllByText('visitor')).toHaveLength(2);
  });

  it('treats a failed call as a visitor rather than loading forever', async () => {
    stubApi({ getViewer: () => failure(500, 'internal') });
    renderProbes();

    expect(await screen.findAllByText('visitor')).toHaveLength(2);
  });
});
