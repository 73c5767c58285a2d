import { expect, type Page, type Response } from '@playwright/test';
import type { Pin } from '@pinboard/shared';
import { HOME_FEED_SCRIPT_ID } from '@pinboard/shared/inlined-data';

// Listeners on the page's traffic; each starts at once, so call it before `page.goto`.

type FeedEnvelope = { resource_response: { data: Pin[] } };

// The first page a signed-out visitor's home page carries in its HTML, if any.
async function inlinedFeedPage(response: Response): Promise<Pin[] | null> {
  const html = await response.text();
  const script = new RegExp(`<script[^>]* id="${HOME_FEED_SCRIPT_ID}"[^>]*>(.*?)</script>`, 's').exec(html);
  return script ? (JSON.parse(script[1]!) as FeedEnvelope).resource_response.data : null;
}

/**
 * Every page of the home feed the app receives, in order, as the server sent it: the page
 * inlined in the home page's HTML first, then each answer of the feed API.
 */
export function recordFeedPages(page: Page): Pin[][] {
  const pages: Pin[][] = [];
  page.on('response', async (response: Response) => {
    if (response.status() !== 200) return;
    if (response.request().resourceType() === 'document') {
      const inlined = await inlinedFeedPage(response);
      if (inlined) pages.push(inlined);
      return;
    }
    if (new URL(response.url()).pathname !== '/v3/feeds/home/') return;
    const body = (await response.json()) as FeedEnvelope;
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
