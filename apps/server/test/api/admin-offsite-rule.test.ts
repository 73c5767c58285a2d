import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USAGE, runAdminCommand } from '../../src/cli/commands.ts';
import { createLocalStorage } from '../../src/adapters/storage/local-storage.ts';
import { loadConfig } from '../../src/config.ts';
import { listRules } from '../../src/modules/offsite/offsite.repository.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const TOKEN = 'test-admin-token-offsite-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminToken: TOKEN });
});
afterAll(() => t.close());

const admin = (...argv: string[]) => {
  const config = loadConfig({ DATA_DIR: t.dataDir });
  return runAdminCommand({ db: t.db, config, storage: createLocalStorage(config.mediaDir) }, argv);
};
const checkStatus = async (url: string) => {
  const browser = 'csrf-admin-offsite-0123456789abcd';
  const { body } = await t.request({
    method: 'POST',
    url: '/v3/offsite/',
    payload: { url, check_only: true },
    headers: { cookie: `csrftoken=${browser}`, 'x-csrftoken': browser },
  });
  return body.resource_response.data.redirect_status as string;
};

describe('admin offsite-rule', () => {
  it('is in the usage text', () => {
    expect(ADMIN_USAGE).toContain('offsite-rule add <domain> blocked|suspicious|porn');
    expect(ADMIN_USAGE).toContain('offsite-rule remove <domain>');
    expect(ADMIN_USAGE).toContain('offsite-rule list');
  });

  it('adds a rule (as rules name domains), changes it, lists it and removes it; checks follow at once', async () => {
    expect(await admin('offsite-rule', 'add', 'WWW.Spam-Shop.TEST', 'blocked')).toBe(
      'Offsite rule for spam-shop.test (and its subdomains): blocked, added. Links there no longer open, even with a token minted before.',
    );
    expect(await checkStatus('https://deals.spam-shop.test/x')).toBe('blocked');
    expect(await admin('offsite-rule', 'add', 'spam-shop.test', 'suspicious')).toContain(
      'suspicious, changed from blocked',
    );
    expect(await admin('offsite-rule', 'add', 'bücher.test', 'porn')).toContain('xn--bcher-kva.test');
    expect(await admin('offsite-rule', 'list')).toMatch(
      /^spam-shop\.test {2}suspicious {2}since \S+\nxn--bcher-kva\.test {2}porn {2}since \S+$/,
    );
    expect(await admin('offsite-rule', 'remove', 'spam-shop.test')).toBe(
      'Offsite rule for spam-shop.test removed (it was suspicious).',
    );
    expect(await checkStatus('https://deals.spam-shop.test/x')).toBe('safe');
    await admin('offsite-rule', 'remove', 'xn--bcher-kva.test');
    expect(await admin('offsite-rule', 'list')).toBe('No offsite rules.');
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    for (const domain of ['https://evil.test/', 'evil.test:8080', 'not a domain', '-bad.test', '']) {
      await expect(admin('offsite-rule', 'add', domain, 'blocked')).rejects.toThrow(/is not a domain/);
    }
    await expect(admin('offsite-rule', 'add', 'evil.test', 'nasty')).rejects.toThrow(
      "'nasty' is not a status. Use blocked, suspicious, porn.",
    );
    await expect(admin('offsite-rule', 'remove', 'never.test')).rejects.toThrow(
      'never.test has no offsite rule',
    );
    await expect(admin('offsite-rule', 'add', 'evil.test')).rejects.toThrow('Expected: offsite-rule add');
    expect(await listRules(t.db)).toEqual([]);
  });

  it('is handed to a running server through the admin endpoint', async () => {
    const { status, body } = await t.request({
      method: 'POST',
      url: '/__admin/run',
      payload: { argv: ['offsite-rule', 'add', 'handed.test', 'porn'] },
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(status).toBe(200);
    expect(body.output).toContain('Offsite rule for handed.test');
    expect(await checkStatus('https://handed.test/')).toBe('porn');
  });
});
