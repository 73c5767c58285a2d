import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const TOKEN = 'test-admin-token-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminToken: TOKEN });
});
afterAll(() => t.close());

const run = (argv: string[], authorization?: string) =>
  t.request({
    method: 'POST',
    url: '/__admin/run',
    payload: { argv },
    headers: authorization ? { authorization } : {},
  });

describe('admin hand-off endpoint', () => {
  it('refuses a missing or wrong token and changes nothing', async () => {
    expect((await run(['experiment', 'set', 'web_disable_facebook_login', 'enabled'])).status).toBe(401);
    expect(
      (await run(['experiment', 'set', 'web_disable_facebook_login', 'enabled'], 'Bearer nope')).status,
    ).toBe(401);
    const groups = await t.request({
      method: 'GET',
      url: '/v3/experiments/',
      headers: { cookie: '_pinboard_visitor=dddddddddddddddddddd' },
    });
    expect(groups.body.resource_response.data.web_disable_facebook_login).toBe('control');
  });

  it('runs a command with the token and says what changed', async () => {
    const { status, body } = await run(
      ['experiment', 'set', 'web_disable_facebook_login', 'enabled'],
      `Bearer ${TOKEN}`,
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: true,
      output: "Experiment web_disable_facebook_login: everyone now gets group 'enabled'.",
    });
    const groups = await t.request({
      method: 'GET',
      url: '/v3/experiments/',
      headers: { cookie: '_pinboard_visitor=dddddddddddddddddddd' },
    });
    expect(groups.body.resource_response.data.web_disable_facebook_login).toBe('enabled');
  });

  it('answers a usage mistake with 400 and the message', async () => {
    const { status, body } = await run(['experiment', 'set'], `Bearer ${TOKEN}`);
    expect(status).toBe(400);
    expect(body.output).toMatch(/Expected: experiment set/);
  });
});
