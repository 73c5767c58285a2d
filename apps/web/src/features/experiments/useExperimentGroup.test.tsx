// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi, success } from '../../test/apiStub.ts';
import { useExperimentGroup } from './useExperimentGroup.ts';

function Probe() {
  return <p>group: {useExperimentGroup('web_login_qr_code')}</p>;
}

function renderProbe() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Probe />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('useExperimentGroup', () => {
  it('shows control until the groups arrive, then the viewer group', async () => {
    const fetchMock = stubApi({ getExperimentGroups: () => success({ web_login_qr_code: 'enabled' }) });
    renderProbe();
    expect(screen.getByText('group: control')).toBeTruthy();
    expect(await screen.findByText('group: enabled')).toBeTruthy();
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain('/v3/experiments/');
  });

  it('stays on control when the call fails', async () => {
    stubApi({ getExperimentGroups: () => new Response('nope', { status: 500 }) });
    renderProbe();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('group: control')).toBeTruthy();
  });
});
