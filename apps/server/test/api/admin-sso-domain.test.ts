import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AdminUsageError, ADMIN_USAGE, runAdminCommand } from '../../src/cli/commands.ts';
import { createLocalStorage } from '../../src/adapters/storage/local-storage.ts';
import { loadConfig } from '../../src/config.ts';
import { ssoDomains } from '../../src/db/schema/identities.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const admin = (...argv: string[]) => {
  const config = loadConfig({ DATA_DIR: t.dataDir });
  return runAdminCommand({ db: t.db, config, storage: createLocalStorage(config.mediaDir) }, argv);
};
const rowOf = async (domain: string) =>
  (await t.db.select().from(ssoDomains).where(eq(ssoDomains.domain, domain)))[0];

describe('admin sso-domain', () => {
  it('is in the usage text', () => {
    expect(ADMIN_USAGE).toContain('sso-domain add <domain> <issuer> <client-id> <secret>');
    expect(ADMIN_USAGE).toContain('sso-domain remove <domain>');
    expect(ADMIN_USAGE).toContain('sso-domain list');
  });

  it('adds a domain (lower-cased), replaces it when added again, lists it without the secret, removes it', async () => {
    const added = await admin(
      'sso-domain',
      'add',
      'Acme-Admin.COM',
      'https://login.acme.example',
      'acme',
      's3cret',
    );
    expect(added).toBe(
      'SSO domain acme-admin.com added: people with an @acme-admin.com email sign in through https://login.acme.example (client acme).',
    );
    expect(await rowOf('acme-admin.com')).toMatchObject({
      issuer: 'https://login.acme.example',
      clientId: 'acme',
      clientSecret: 's3cret',
    });

    const again = await admin(
      'sso-domain',
      'add',
      'acme-admin.com',
      'https://id.acme.example/oidc',
      'acme2',
      'other',
    );
    expect(again).toContain('updated (issuer, client id and secret replaced)');
    expect(await rowOf('acme-admin.com')).toMatchObject({
      issuer: 'https://id.acme.example/oidc',
      clientId: 'acme2',
    });

    const list = await admin('sso-domain', 'list');
    expect(list).toContain('acme-admin.com  https://id.acme.example/oidc  client acme2');
    expect(list).not.toContain('other');

    expect(await admin('sso-domain', 'remove', 'ACME-admin.com')).toBe('SSO domain acme-admin.com removed.');
    expect(await rowOf('acme-admin.com')).toBeUndefined();
    await expect(admin('sso-domain', 'remove', 'acme-admin.com')).rejects.toThrow(
      'acme-admin.com is not an SSO domain; nothing changed.',
    );
  });

  it('says how many accounts signed in through a removed domain', async () => {
    await admin('sso-domain', 'add', 'leaving.example', 'https://idp.leaving.example', 'c', 's');
    const user = await t.make.user();
    await t.make.identity(user.id, 'sso:leaving.example');
    expect(await admin('sso-domain', 'remove', 'leaving.example')).toContain(
      '1 account(s) signed in through it',
    );
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const refused = async (argv: string[], message: string) => {
      const attempt = admin(...argv);
      await expect(attempt).rejects.toBeInstanceOf(AdminUsageError);
      await expect(attempt).rejects.toThrow(message);
    };
    await refused(
      ['sso-domain', 'add', 'not a domain', 'https://idp.example', 'c', 's'],
      "'not a domain' is not an email domain",
    );
    await refused(
      ['sso-domain', 'add', 'localhost', 'https://idp.example', 'c', 's'],
      'is not an email domain',
    );
    await refused(
      ['sso-domain', 'add', 'bad.example', 'ftp://idp.example', 'c', 's'],
      'is not an http(s) URL',
    );
    await refused(['sso-domain', 'add', 'bad.example', 'idp.example', 'c', 's'], 'is not a URL');
    await refused(['sso-domain', 'add', 'bad.example', 'https://idp.example'], 'Expected: sso-domain add');
    await refused(['sso-domain', 'rename'], 'Expected: sso-domain add');
    expect(await rowOf('bad.example')).toBeUndefined();
  });
});
