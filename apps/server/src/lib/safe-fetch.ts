import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { pipeline, type Readable, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import { AppError } from './app-error.ts';
import { isPublicAddress } from './public-address.ts';

/**
 * The server-side fetcher for user-given URLs (decision 26). No such URL can reach the
 * inside network: every address a host name resolves to must be public, and the check runs in
 * the socket's own `lookup` at connect time, so the address checked is the address connected to
 * (no second resolution for a rebinding DNS server to answer differently). Every redirect is
 * checked the same way. Only `allowHosts` lets a private address through.
 */

/** Every address of a host name, as `dns.lookup(name, { all: true })` answers. */
export type ResolveHost = (hostname: string) => Promise<readonly dns.LookupAddress[]>;

export interface SafeFetchOptions {
  /**
   * Hosts allowed although private: config.fetchAllowHosts. An entry is a URL's host name
   * (`localhost`, `127.0.0.1`, `[::1]`), for any port, or `name:port` for that port only.
   */
  allowHosts: readonly string[];
  /** Largest body read (after decompression); a longer one fails with `fetch_too_large`. Default 5 MB. */
  maxBytes?: number;
  /** Whole request, redirects and body included. Default 5000 ms. */
  timeoutMs?: number;
  /** Default 3. */
  maxRedirects?: number;
  /** The Accept header. */
  accept?: string;
  /**
   * Called with the final answer's Content-Type: true leaves the body unread (an empty buffer),
   * e.g. find_images needs only the address of a URL that is itself an image.
   */
  skipBody?: (contentType: string | null) => boolean;
  /** Resolves host names; dns.lookup by default. Tests give their own (no outside DNS there). */
  resolveHost?: ResolveHost;
}

export interface SafeFetchResult {
  /** The address answered after redirects. */
  url: string;
  status: number;
  contentType: string | null;
  body: Buffer;
}

export const SAFE_FETCH_DEFAULTS = { maxBytes: 5 * 1024 * 1024, timeoutMs: 5000, maxRedirects: 3 } as const;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'Mozilla/5.0 (compatible; PinboardBot/1.0)';

const resolveWithDns: ResolveHost = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

/** GETs `url`; throws AppError (codes 280-299 of link-errors.ts) for anything refused or failed. */
export async function safeFetch(url: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const { maxBytes, timeoutMs, maxRedirects } = { ...SAFE_FETCH_DEFAULTS, ...definedOf(options) };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let current = checkedUrl(url, options.allowHosts);
    for (let redirects = 0; ; redirects += 1) {
      const response = await requestOnce(current, options, controller.signal);
      const location = response.headers.location;
      if (REDIRECTS.has(response.statusCode ?? 0) && location) {
        response.destroy();
        if (redirects >= maxRedirects) throw new AppError('fetch_too_many_redirects');
        current = checkedUrl(resolveLocation(location, current), options.allowHosts);
        continue;
      }
      const contentType = response.headers['content-type'] ?? null;
      const skip = options.skipBody?.(contentType) ?? false;
      if (skip) response.destroy();
      const body = skip ? Buffer.alloc(0) : await readBody(response, maxBytes);
      return { url: current.href, status: response.statusCode ?? 0, contentType, body };
    }
  } catch (error) {
    if (controller.signal.aborted) throw new AppError('fetch_timeout');
    if (error instanceof AppError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new AppError('fetch_failed', code ? { detail: code } : {});
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

function definedOf(options: SafeFetchOptions) {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}

function resolveLocation(location: string, base: URL): string {
  try {
    return new URL(location, base).href;
  } catch {
    throw new AppError('fetch_bad_url', { detail: 'The link redirects to an address that is not valid.' });
  }
}

/**
 * Parses with the WHATWG URL parser, which turns every numeric host form (2130706433, 0177.0.0.1,
 * 0x7f.0.0.1, 127.1) into a dotted IPv4 address, and refuses what may not be fetched. An IP
 * literal is checked here (sockets skip `lookup` for one); a name is checked at connect time.
 */
function checkedUrl(raw: string, allowHosts: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('fetch_bad_url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppError('fetch_bad_url', { detail: `${url.protocol} links cannot be opened.` });
  }
  if (url.username || url.password) {
    throw new AppError('fetch_bad_url', { detail: 'Links with a user name or password cannot be opened.' });
  }
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(literal) && !isAllowedHost(url, allowHosts) && !isPublicAddress(literal)) {
    throw new AppError('fetch_address_refused');
  }
  return url;
}

function isAllowedHost(url: URL, allowHosts: readonly string[]): boolean {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowHosts.some((entry) => {
    const host = entry.trim().toLowerCase();
    return host === url.hostname || host === `${url.hostname}:${port}`;
  });
}

/** The socket's resolver: every record must be public unless the host is allowlisted. */
function guardedLookup(allowed: boolean, resolveHost: ResolveHost): net.LookupFunction {
  return (hostname, lookupOptions, callback) => {
    resolveHost(hostname).then(
      (records) => {
        const first = records[0];
        if (!first) return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '');
        if (!allowed && !records.every((record) => isPublicAddress(record.address))) {
          return callback(new AppError('fetch_address_refused') as NodeJS.ErrnoException, '');
        }
        if (lookupOptions.all) return callback(null, [...records]);
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

function requestOnce(
  url: URL,
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  const allowed = isAllowedHost(url, options.allowHosts);
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'GET',
        agent: false,
        signal,
        lookup: guardedLookup(allowed, options.resolveHost ?? resolveWithDns),
        headers: {
          accept: options.accept ?? '*/*',
          'accept-encoding': 'gzip, deflate, br',
          'user-agent': USER_AGENT,
        },
      },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

/** The body, decompressed, stopping (and failing) as soon as it passes `maxBytes`. */
async function readBody(response: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  if (Number(response.headers['content-length']) > maxBytes) {
    response.destroy();
    throw new AppError('fetch_too_large');
  }
  const stream = decoded(response);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) {
      response.destroy();
      throw new AppError('fetch_too_large');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The Content-Encodings a body is decompressed from (what the Accept-Encoding header offers). */
const DECODERS = new Map<string, () => Transform>([
  ['gzip', () => zlib.createGunzip()],
  ['x-gzip', () => zlib.createGunzip()],
  ['deflate', () => zlib.createInflate()],
  ['br', () => zlib.createBrotliDecompress()],
]);

function decoded(response: http.IncomingMessage): Readable {
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const decoder = DECODERS.get(encoding)?.();
  if (!decoder) return response;
  // pipeline destroys the decoder with the response's error, so the reader sees it.
  return pipeline(response, decoder, () => {});
}
