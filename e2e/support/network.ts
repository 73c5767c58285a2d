import { expect, type Page, type Response } from '@playwright/test';
import type { Pin } from '@pinboard/shared';

// Listeners on the page's traffic; each starts at once, so call it before `page.goto`.

/**
 * Every page of the home feed the app receives, in order, as the API answered it.
 */
export function recordFeedPages(page: Page): Pin[][] {
  const pages: Pin[][] = [];
  page.on('response', async (response: Response) => {
    if (new URL(response.url()).pathname !== '/v3/feeds/home/' || response.status() !== 200) return;
    const body = (await response.json()) as { resource_response: { data: Pin[] } };
    pages.push(body.resource_response.data);
  });
  return pages;
}

/** Counts the page's API requests in flight (see `waitForApiQuiet`). */
export function trackApiRequests(page: Page): () => number {
  const pending = new Set<unknown>();
  const isApi = (url: string) => new URL(url).pathname.startsWith('/v3/');
  page.on('request', (request) => isApi(request.url()) && pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return () => pending.size;
}

/** Waits until the page has no API request in flight: the data it asked for has arrived. */
export async function waitForApiQuiet(inFlight: () => number): Promise<void> {
  await expect.poll(inFlight).toBe(0);
}
