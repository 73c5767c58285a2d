import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web app calls the API only through its client typed by the endpoint definitions
 * (apps/web/src/api/endpoints.ts, `api.<name>` and `queries.<name>`): an API path written by
 * hand anywhere else in its source, code or comment, is one the definitions cannot keep true.
 * Tests and their helpers may name paths (what a stub answers, what a test saw requested).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GENERATED = 'apps/web/src/api/endpoints.gen.ts';
// An API path starts a string or a word (`'/v3/…`, `` `/ads/v4/…``); the web's own pages may end in
// `…/ads/` (an ad account's Ads manager, `/advertiser/${id}/ads/`).
const API_PATH = /(?:^|[\s'"`(])\/(?:v3|vx|ads)\//;

const isTest = (file) => /\.test\.tsx?$/.test(file) || file.startsWith('apps/web/src/test/');

describe('the web app', () => {
  it('writes no API path outside the generated endpoint table', () => {
    const files = execFileSync('git', ['ls-files', 'apps/web/src'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((file) => file && file !== GENERATED && !isTest(file));
    const found = [];
    for (const file of files) {
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (API_PATH.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
