import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { HTML_ACCEPT, writeStandInWebBuild } from './helpers/web-build.ts';

let tmp: string;
let webDistDir: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'one-tap-away-test-'));
  webDistDir = await writeStandInWebBuild(tmp);
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** The `<html>` start tag of each page a visitor opens: the home page and one drawn in the browser. */
async function htmlTags(env: Record<string, string>): Promise<string[]> {
  const t: TestApp = await createTestApp({ webDistDir, env });
  try {
    const tags = [];
    for (const url of ['/', '/settings/']) {
      const response = await t.app.inject({ url, headers: { accept: HTML_ACCEPT } });
      expect(response.statusCode).toBe(200);
      tags.push(/<html[^>]*>/.exec(response.body)![0]);
    }
    return tags;
  } finally {
    await t.close();
  }
}

describe("a deployment's pages and the one-tap card's column", () => {
  it('say from the first paint that the card is away when Google sign-in cannot work here', async () => {
    expect(await htmlTags({ DEV_STANDINS: '0' })).toEqual([
      '<html data-one-tap-away>',
      '<html data-one-tap-away>',
    ]);
  });

  it('leave the column to the page when Google is configured or stood in for', async () => {
    const google = {
      GOOGLE_ISSUER: 'https://accounts.google.example/',
      GOOGLE_CLIENT_ID: 'c',
      GOOGLE_CLIENT_SECRET: 's',
    };
    expect(await htmlTags({ DEV_STANDINS: '0', ...google })).toEqual(['<html>', '<html>']);
    expect(await htmlTags({ DEV_STANDINS: '1' })).toEqual(['<html>', '<html>']);
  });
});
