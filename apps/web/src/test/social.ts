import type { ProvidersResult } from '@pinboard/shared';
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { success } from './apiStub.ts';

/** A popup window as the flow sees it: where it was opened, and whether it is closed. */
export interface FakePopup {
  url: string;
  name: string;
  features: string;
  closed: boolean;
  close: () => void;
}

/** Stubs `window.open`: each call opens a fake popup (or none, when `blocked`). */
export function stubPopups({ blocked = false } = {}) {
  const opened: FakePopup[] = [];
  const open = vi.fn((url?: string | URL, name?: string, features?: string) => {
    if (blocked) return null;
    const popup: FakePopup = {
      url: String(url),
      name: name ?? '',
      features: features ?? '',
      closed: false,
      close: () => {
        popup.closed = true;
      },
    };
    opened.push(popup);
    return popup as unknown as Window;
  });
  vi.stubGlobal('open', open);
  return { opened, open };
}

/** A message to this window, from our own origin unless said otherwise (what a popup's page posts). */
export async function postFromPopup(data: unknown, origin = window.location.origin) {
  await act(async () => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

/** `getAuthProviders`: every provider available unless overridden. */
export function providersAnswer(overrides: Partial<ProvidersResult> = {}) {
  const up = { available: true, standin: false };
  return () => success({ facebook: up, google: up, line: up, ...overrides });
}

/** An ID token whose payload carries `claims` (unsigned: the web only reads it). */
export function idToken(claims: Record<string, unknown>): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'RS256' })}.${part(claims)}.signature`;
}
