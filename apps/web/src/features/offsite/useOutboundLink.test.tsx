// @vitest-environment jsdom
import '../../i18n.ts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, stubApi, success } from '../../test/apiStub.ts';
import { useOutboundLink } from './useOutboundLink.tsx';

const LINK = 'https://shop.example.com/lamp?colour=brass';

function PinLink() {
  const outbound = useOutboundLink(LINK, '42');
  return (
    <>
      <a href={LINK} target="_blank" rel="noopener noreferrer" onClick={outbound.onClick}>
        shop.example.com
      </a>
      {outbound.notice}
    </>
  );
}

let open: ReturnType<typeof vi.fn>;
beforeEach(() => {
  open = vi.fn();
  vi.stubGlobal('open', open);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const click = () => fireEvent.click(screen.getByRole('link', { name: 'shop.example.com' }));

describe('a pin link click', () => {
  it('asks the server first and opens a safe link through /offsite/ with its token', async () => {
    const fetch = stubApi({
      checkOffsiteLink: () => success({ redirect_status: 'safe', url: LINK, token: '1790000000.abc' }),
    });
    render(<PinLink />);
    click();
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    const [target, name, features] = open.mock.calls[0]!;
    const opened = new URL(String(target), 'http://localhost');
    expect(opened.pathname).toBe('/offsite/');
    expect(Object.fromEntries(opened.searchParams)).toEqual({
      token: '1790000000.abc',
      url: LINK,
      pin: '42',
    });
    expect([name, features]).toEqual(['_blank', 'noopener,noreferrer']);
    const init = fetch.mock.calls[0]![1]!;
    expect(JSON.parse(String(init.body))).toEqual({ pin_id: '42', url: LINK, check_only: true });
  });

  it.each([
    ['blocked', 'This link is blocked'],
    ['porn', 'This link leads to adult content'],
    ['suspicious', 'This link may not be safe'],
  ])('stops a %s link and says why, opening nothing', async (status, title) => {
    stubApi({ checkOffsiteLink: () => success({ redirect_status: status, url: LINK, token: null }) });
    render(<PinLink />);
    click();
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(open).not.toHaveBeenCalled();
    expect(dialog.textContent?.includes(LINK)).toBe(status === 'suspicious');
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('falls back to opening the link normally when the check fails', async () => {
    stubApi({ checkOffsiteLink: () => failure(500, 'internal') });
    render(<PinLink />);
    click();
    await waitFor(() => expect(open).toHaveBeenCalledWith(LINK, '_blank', 'noopener,noreferrer'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
