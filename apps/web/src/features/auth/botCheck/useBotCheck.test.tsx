// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestedUrls, stubApi, success } from '../../../test/apiStub.ts';
import { useBotCheck } from './useBotCheck.ts';

const KEY = 'pinboard.botCheckStamps';

async function sha256Hex(text: string): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(hash)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function stubAltcha() {
  const challenge = {
    algorithm: 'SHA-256',
    challenge: await sha256Hex('s2'),
    maxnumber: 5,
    salt: 's',
    signature: 'x',
  };
  return stubApi({
    getBotCheckChallenge: () => success({ provider: 'altcha', challenge, site_key: null }),
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('useBotCheck', () => {
  it('solves a token in the background and stamps it', async () => {
    await stubAltcha();
    const { result } = renderHook(() => useBotCheck());

    const token = await act(() => result.current.getToken());
    expect(JSON.parse(atob(token!))).toMatchObject({ number: 2, salt: 's' });
    expect(JSON.parse(localStorage.getItem(KEY)!)).toHaveLength(1);
  });

  it('stops solving in the background after three stamps within an hour, but still solves on demand', async () => {
    const now = Math.floor(Date.now() / 1000);
    localStorage.setItem(KEY, JSON.stringify([now - 3000, now - 100, now - 10]));
    const fetch = await stubAltcha();
    const { result } = renderHook(() => useBotCheck());

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requestedUrls(fetch)).toEqual([]);
    const token = await act(() => result.current.getToken());
    expect(token).toBeTruthy();
    await waitFor(() => expect(requestedUrls(fetch)).toEqual(['/v3/bot_check/challenge/']));
  });

  it('gives no token when the server runs no bot check', async () => {
    stubApi({
      getBotCheckChallenge: () => success({ provider: 'off', challenge: null, site_key: null }),
    });
    const { result } = renderHook(() => useBotCheck());

    expect(await act(() => result.current.getToken())).toBeUndefined();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('gives up waiting for a token after 8 s, so a submit never hangs', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    vi.useFakeTimers();
    const { result } = renderHook(() => useBotCheck());

    const token = result.current.getToken();
    await act(async () => vi.advanceTimersByTime(8000));
    expect(await token).toBeUndefined();
    vi.useRealTimers();
  });
});
