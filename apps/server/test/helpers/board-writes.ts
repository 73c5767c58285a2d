import { TestBrowser, type BrowserResponse } from './browser.ts';
import type { TestApp } from './test-app.ts';

/** A browser signed in as a new user (or the given one), for board-write tests. */
export async function signedInBrowser(t: TestApp, userId?: number) {
  const id = userId ?? (await t.make.user()).id;
  const browser = new TestBrowser(t);
  const [name, value] = (await t.make.sessionCookie(id)).split('=') as [string, string];
  browser.jar.set(name, value);
  return Object.assign(browser, {
    userId: id,
    patch: (url: string, payload: unknown = {}) => browser.request('PATCH', url, payload),
    put: (url: string, payload: unknown = {}) => browser.request('PUT', url, payload),
    del: (url: string) => browser.request('DELETE', url),
  });
}

export type SignedInBrowser = Awaited<ReturnType<typeof signedInBrowser>>;

/** The data of a success envelope. */
export const dataOf = (response: BrowserResponse) => response.body.resource_response.data;
