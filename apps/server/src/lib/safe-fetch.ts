/**
 * The server-side fetcher for user-given URLs (issue 8): being built. Every private, loopback,
 * link-local, metadata and IPv6-mapped address is refused at connect time, after every
 * redirect too.
 */

export interface SafeFetchOptions {
  /** Hosts (`host` or `host:port`) allowed although private: config.fetchAllowHosts. */
  allowHosts: readonly string[];
  /** Largest body read; a longer one fails with `fetch_too_large`. Default 5 MB. */
  maxBytes?: number;
  /** Whole request, redirects included. Default 5000 ms. */
  timeoutMs?: number;
  /** Default 3. */
  maxRedirects?: number;
  /** The Accept header. */
  accept?: string;
}

export interface SafeFetchResult {
  /** The address answered after redirects. */
  url: string;
  status: number;
  contentType: string | null;
  body: Buffer;
}

/** GETs `url`; throws AppError (codes 280-299 of link-errors.ts) for anything refused or failed. */
export function safeFetch(_url: string, _options: SafeFetchOptions): Promise<SafeFetchResult> {
  return Promise.reject(new Error('safeFetch is being built (issue 8)'));
}
