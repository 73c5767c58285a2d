import { PIN_CREATE_METHODS, PIN_DESCRIPTION_MAX, type CreatePin } from '@pinboard/shared';

/** The query of `pin/create/{method}` (docs/product/creating.md#pin-create-page). */
export interface PinCreateParams {
  /** The path's method: `create` when absent (the bookmarklet sends `button`). */
  method: string;
  url: string | null;
  media: string | null;
  description: string;
  color: string | null;
  guid: string | null;
}

const HEX_COLOR = /^#[0-9a-f]{6}$/;

/** Reads the page's parameters; a colour that is not `#rrggbb` is dropped, the description cut to 500. */
export function readPinCreateParams(search: URLSearchParams, method: string | undefined): PinCreateParams {
  const text = (name: string) => search.get(name)?.trim() || null;
  const color = text('color')?.toLowerCase() ?? null;
  return {
    method: method || 'create',
    url: text('url'),
    media: text('media'),
    description: (search.get('description') ?? '').slice(0, PIN_DESCRIPTION_MAX),
    color: color && HEX_COLOR.test(color) ? color : null,
    guid: text('guid')?.slice(0, 64) ?? null,
  };
}

/**
 * The `method` `createPin` records: the path's own when it is one of the contract's
 * (`button` from the bookmarklet), else `scraped` (a share link to another site's page).
 */
export function createMethodOf(method: string): CreatePin['method'] {
  return (PIN_CREATE_METHODS as readonly string[]).includes(method)
    ? (method as CreatePin['method'])
    : 'scraped';
}

/** The pin id when `link` is a pin page of this product (`{origin}/pin/{id}/…`), else null. */
export function ownPinIdOf(link: string | null, origin: string): string | null {
  if (!link) return null;
  try {
    const url = new URL(link, origin);
    if (url.origin !== origin) return null;
    const match = /^\/pin\/(\d+)\/?$/.exec(url.pathname);
    return match?.[1] ?? null;
  } catch {
    return null;
  }
}

/** Whether a link is on Instagram (instagram.com or one of its subdomains). */
export function isInstagramUrl(link: string | null | undefined): boolean {
  if (!link) return false;
  try {
    const host = new URL(/^[a-z][a-z0-9+.-]*:/i.test(link) ? link : `https://${link}`).hostname.toLowerCase();
    return host === 'instagram.com' || host.endsWith('.instagram.com');
  } catch {
    return false;
  }
}
