import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMemoryCounters } from '../src/adapters/counters/memory-counters.ts';
import { createCountryResolver } from '../src/adapters/geoip/country.ts';
import { loadConfig } from '../src/config.ts';
import { resolveSessionSecret } from '../src/lib/session-secret.ts';

describe('country resolver', () => {
  const lookup = (ip: string) => (ip === '203.0.113.7' ? { country: 'kr' } : null);
  const request = (ip: string | undefined, headers: Record<string, string> = {}) => ({ ip, headers });

  it('trusts the configured header first, and only when configured', () => {
    const withHeader = createCountryResolver({ header: 'cf-ipcountry', lookup });
    expect(withHeader.countryOf(request('198.51.100.1', { 'cf-ipcountry': 'de' }))).toBe('DE');
    const without = createCountryResolver({ header: undefined, lookup });
    expect(without.countryOf(request('198.51.100.1', { 'cf-ipcountry': 'DE' }))).toBe('US');
  });

  it('ignores unknown header values (XX, junk) and falls back to the address', () => {
    const resolver = createCountryResolver({ header: 'cf-ipcountry', lookup });
    expect(resolver.countryOf(request('203.0.113.7', { 'cf-ipcountry': 'XX' }))).toBe('KR');
    expect(resolver.countryOf(request('203.0.113.7', { 'cf-ipcountry': 'Korea' }))).toBe('KR');
  });

  it('answers US for local and unknown addresses', () => {
    const resolver = createCountryResolver({ header: undefined, lookup });
    expect(resolver.countryOf(request('127.0.0.1'))).toBe('US');
    expect(resolver.countryOf(request('192.168.1.4'))).toBe('US');
    expect(resolver.countryOf(request('198.51.100.1'))).toBe('US');
    expect(resolver.countryOf(request('::ffff:127.0.0.1'))).toBe('US');
    // A client gone before its answer: Node no longer knows the closed socket's address.
    expect(resolver.countryOf(request(undefined))).toBe('US');
  });

  it('reads IPv4 clients of a dual-stack socket', () => {
    const resolver = createCountryResolver({ header: undefined, lookup });
    expect(resolver.countryOf(request('::ffff:203.0.113.7'))).toBe('KR');
  });

  it('reads the geoip-country database for a public address', () => {
    const resolver = createCountryResolver({ header: undefined });
    expect(resolver.countryOf(request('8.8.8.8'))).toMatch(/^[A-Z]{2}$/);
  });
});

describe('in-process counters', () => {
  it('count within a window, then start again', async () => {
    let now = 0;
    const counters = createMemoryCounters(() => now);
    expect(await counters.increment('k', 60)).toBe(1);
    expect(await counters.increment('k', 60)).toBe(2);
    now = 59_999;
    expect(await counters.get('k')).toBe(2);
    now = 60_000;
    expect(await counters.get('k')).toBe(0);
    expect(await counters.increment('k', 60)).toBe(1);
  });

  it('claim a key once until it expires', async () => {
    let now = 0;
    const counters = createMemoryCounters(() => now);
    expect(await counters.claim('c', 10)).toBe(true);
    expect(await counters.claim('c', 10)).toBe(false);
    now = 10_000;
    expect(await counters.claim('c', 10)).toBe(true);
  });
});

describe('configuration', () => {
  it('keeps a generated session secret in DATA_DIR across starts', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinboard-secret-'));
    const first = resolveSessionSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveSessionSecret(undefined, dir)).toBe(first);
    expect(resolveSessionSecret('s'.repeat(40), dir)).toBe('s'.repeat(40));
    expect(fs.statSync(path.join(dir, 'session-secret')).mode & 0o077).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads the sign-in settings', () => {
    expect(loadConfig({})).toMatchObject({
      botCheck: 'altcha',
      consentCountries: ['KR'],
      countryHeader: undefined,
    });
    const config = loadConfig({
      CONSENT_COUNTRIES: 'kr, jp',
      COUNTRY_HEADER: 'CF-IPCountry',
      RECAPTCHA_PROJECT_ID: 'p',
      RECAPTCHA_SITE_KEY: 's',
      RECAPTCHA_API_KEY: 'k',
    });
    expect(config).toMatchObject({
      botCheck: 'recaptcha',
      consentCountries: ['KR', 'JP'],
      countryHeader: 'cf-ipcountry',
    });
    expect(() => loadConfig({ BOT_CHECK: 'recaptcha' })).toThrow(/RECAPTCHA_PROJECT_ID/);
    expect(() => loadConfig({ CONSENT_COUNTRIES: 'Korea' })).toThrow(/CONSENT_COUNTRIES/);
  });
});
