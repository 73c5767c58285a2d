import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPERIMENT_NAMES } from '@pinboard/shared';
import { runAdminCommand, AdminUsageError } from '../../src/cli/commands.ts';
import { loadConfig } from '../../src/config.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const admin = (...argv: string[]) =>
  runAdminCommand({ db: t.db, config: loadConfig({ DATA_DIR: t.dataDir }), storage: null as never }, argv);

async function groupsFor(cookie: string) {
  const response = await t.app.inject({ method: 'GET', url: '/v3/experiments/', headers: { cookie } });
  return {
    groups: response.json().resource_response.data as Record<string, string>,
    setCookie: response.headers['set-cookie'],
  };
}

describe('experiments', () => {
  it('gives a visitor a stable visitor id and the same groups on every visit', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/v3/experiments/' });
    const visitor = String(first.headers['set-cookie']).match(/_pinboard_visitor=([\w-]+)/)?.[1];
    expect(visitor).toBeTruthy();
    const again = await groupsFor(`_pinboard_visitor=${visitor}`);
    expect(again.groups).toEqual(first.json().resource_response.data);
    expect(Object.keys(again.groups).sort()).toEqual([...EXPERIMENT_NAMES].sort());
  });

  it('assigns a signed-in user by user id, whatever the visitor cookie', async () => {
    const user = await t.make.user();
    const session = await t.make.sessionCookie(user.id);
    const a = await groupsFor(`${session}; _pinboard_visitor=aaaaaaaaaaaaaaaaaaaa`);
    const b = await groupsFor(`${session}; _pinboard_visitor=bbbbbbbbbbbbbbbbbbbb`);
    expect(a.groups).toEqual(b.groups);
  });

  it('applies an operator override for everyone, then for one user, then removes it', async () => {
    const user = await t.make.user({ username: 'exp_user' });
    const session = await t.make.sessionCookie(user.id);
    expect(await admin('experiment', 'set', 'web_login_qr_code', 'enabled')).toMatch(
      /everyone now gets group 'enabled'/,
    );
    expect((await groupsFor('_pinboard_visitor=cccccccccccccccccccc')).groups.web_login_qr_code).toBe(
      'enabled',
    );

    await admin('experiment', 'set', 'web_login_qr_code', 'control', '--user', 'exp_user');
    expect((await groupsFor(session)).groups.web_login_qr_code).toBe('control');
    expect((await groupsFor('_pinboard_visitor=cccccccccccccccccccc')).groups.web_login_qr_code).toBe(
      'enabled',
    );

    expect(await admin('experiment', 'set', 'web_login_qr_code', 'default')).toMatch(/removed the override/);
  });

  it('refuses unknown experiments, groups and users with a clear message', async () => {
    await expect(admin('experiment', 'set', 'no_such', 'control')).rejects.toThrow(
      /no experiment with this name/,
    );
    await expect(admin('experiment', 'set', 'web_login_qr_code', 'purple')).rejects.toThrow(/not a group/);
    await expect(
      admin('experiment', 'set', 'web_login_qr_code', 'enabled', '--user', 'ghost'),
    ).rejects.toThrow(AdminUsageError);
    await expect(admin('frobnicate')).rejects.toThrow(/Unknown command/);
  });
});
