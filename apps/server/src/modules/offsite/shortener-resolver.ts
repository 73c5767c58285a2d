import { isLinkShortener, linkHostOf } from '@pinboard/shared/offsite';
import { safeFetch } from '../../lib/safe-fetch.ts';

export interface ShortenerOptions {
  /** config.fetchAllowHosts */
  allowHosts: readonly string[];
  /** config.linkShorteners: hosts treated as shorteners beside the built-in list. */
  extraShorteners: readonly string[];
}

/** Shorteners chain to each other at most a few times; more is a loop or a trick. */
const MAX_REDIRECTS = 5;
const TIMEOUT_MS = 4000;

export type Resolution = { kind: 'direct' } | { kind: 'resolved'; url: string } | { kind: 'unresolved' };

/**
 * Where a link on a known shortener leads (decision 28): its redirects are followed through
 * safeFetch (decision 26: no inside address is reachable, every hop checked) without reading
 * any body, and the last address is the link to check. A chain that fails, times out, or ends
 * still on a shortener (its error or rate-limit page) is unresolved: we cannot say where it goes.
 */
export async function resolveShortener(url: string, options: ShortenerOptions): Promise<Resolution> {
  const host = linkHostOf(url);
  if (!host || !isLinkShortener(host, options.extraShorteners)) return { kind: 'direct' };
  try {
    const answer = await safeFetch(url, {
      allowHosts: options.allowHosts,
      maxRedirects: MAX_REDIRECTS,
      timeoutMs: TIMEOUT_MS,
      skipBody: () => true,
    });
    const finalHost = linkHostOf(answer.url);
    if (!finalHost || isLinkShortener(finalHost, options.extraShorteners)) return { kind: 'unresolved' };
    return { kind: 'resolved', url: answer.url };
  } catch {
    return { kind: 'unresolved' };
  }
}
