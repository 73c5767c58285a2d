import type { FoundImages } from '@pinboard/shared';
import type { CounterStore } from '../../adapters/counters/counters.ts';
import type { MediaStorage } from '../../adapters/storage/storage.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownMediaKey } from '../../lib/media-url.ts';
import { safeFetch } from '../../lib/safe-fetch.ts';
import { decodeHtml } from './html-text.ts';
import { extractPageImages } from './page-images.ts';

export interface FindImagesDeps {
  /** config.fetchAllowHosts */
  allowHosts: readonly string[];
  counters: CounterStore;
  /** This app's own media URLs are looked up here, not fetched. */
  storage: Pick<MediaStorage, 'exists'>;
  publicUrl: string;
}

const ACCEPT = 'text/html,application/xhtml+xml;q=0.9,image/*;q=0.8,*/*;q=0.5';
/** Pictures a pin can be made of; svg is not one (it can carry scripts and has no pixels). */
const PINNABLE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

/**
 * `GET /v3/pins/find_images/`: the pinnable images of the page at `url` for a signed-in viewer,
 * fetched through safeFetch (decision 26). A page without usable images, or an answer that is
 * neither HTML nor a picture, lists none (the pin is then a link pin); a URL that is itself a
 * picture lists that picture.
 */
export async function findPageImages(
  deps: FindImagesDeps,
  userId: number,
  rawUrl: string,
): Promise<FoundImages> {
  const ownKey = ownMediaKey(withScheme(rawUrl), deps.publicUrl);
  if (ownKey) {
    // One of this app's own pictures: it is pinnable if stored, whatever address the storage has.
    if (!(await deps.storage.exists(ownKey))) throw new AppError('fetch_bad_status', { detail: 'HTTP 404' });
    const url = new URL(withScheme(rawUrl), deps.publicUrl).href;
    return {
      url,
      title: null,
      description: null,
      items: [{ type: 'pinnable', url, width: null, height: null }],
    };
  }
  const page = await safeFetch(withScheme(rawUrl), {
    allowHosts: deps.allowHosts,
    accept: ACCEPT,
    // Only a page's markup is read; a picture needs only its address.
    skipBody: (contentType) => !isHtml(mediaTypeOf(contentType)),
  });
  if (page.status < 200 || page.status > 299) {
    throw new AppError('fetch_bad_status', { detail: `HTTP ${page.status}` });
  }
  const type = mediaTypeOf(page.contentType);
  if (PINNABLE_TYPES.has(type)) {
    return {
      url: page.url,
      title: null,
      description: null,
      items: [{ type: 'pinnable', url: page.url, width: null, height: null }],
    };
  }
  if (!isHtml(type)) return { url: page.url, title: null, description: null, items: [] };
  return { url: page.url, ...extractPageImages(decodeHtml(page.body, page.contentType), page.url) };
}

/** People paste `example.com/page`: no scheme means https. */
function withScheme(url: string): string {
  return /^[a-z][a-z\d+.-]*:/i.test(url) ? url : `https://${url.replace(/^\/+/, '')}`;
}

function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/** An answer without a Content-Type is read as HTML, as browsers sniff it. */
function isHtml(type: string): boolean {
  return type === '' || type === 'text/html' || type === 'application/xhtml+xml';
}
