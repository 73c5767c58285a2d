import { createRequire } from 'node:module';
import { isIP } from 'node:net';

export const DEFAULT_COUNTRY = 'US';

/** Where the viewer is, for consent, age rules and `client_context`. */
export interface CountryResolver {
  /** `ip` is undefined once the client has gone (Node forgets a closed socket's address). */
  countryOf(request: {
    headers: Record<string, string | string[] | undefined>;
    ip: string | undefined;
  }): string;
}

type Lookup = (ip: string) => { country?: string } | null;

// Loopback and private ranges are never in a geo database; skip the lookup for them.
const LOCAL_ADDRESS = /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::1$|fc|fd|fe80:)/i;

let cachedLookup: Lookup | null = null;

/** geoip-country (CommonJS, ~8 MB of ranges in memory) is loaded on the first public address only. */
function geoLookup(): Lookup {
  if (!cachedLookup) {
    const require = createRequire(import.meta.url);
    const geoip = require('geoip-country') as { lookup: Lookup };
    cachedLookup = (ip) => geoip.lookup(ip);
  }
  return cachedLookup;
}

function validCountry(value: unknown): string | null {
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  // Cloudflare uses XX (unknown) and T1 (Tor): neither is a country.
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : null;
}

/**
 * The country from COUNTRY_HEADER when configured (a trusted proxy sets it), else from the client
 * address through the geoip-country database, else US.
 */
export function createCountryResolver(options: {
  header: string | undefined;
  lookup?: Lookup;
}): CountryResolver {
  return {
    countryOf(request) {
      if (options.header) {
        const fromHeader = validCountry(request.headers[options.header]);
        if (fromHeader) return fromHeader;
      }
      // A dual-stack socket reports IPv4 clients as ::ffff:a.b.c.d.
      const ip = (request.ip ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
      if (!isIP(ip) || LOCAL_ADDRESS.test(ip)) return DEFAULT_COUNTRY;
      try {
        return validCountry((options.lookup ?? geoLookup())(ip)?.country) ?? DEFAULT_COUNTRY;
      } catch {
        return DEFAULT_COUNTRY;
      }
    },
  };
}
