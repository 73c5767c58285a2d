import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbox } from '../../src/adapters/outbox/outbox.ts';
import { loadConfig } from '../../src/config.ts';
import { logDevStandins } from '../../src/modules/dev/standins-log.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const silentLog = { info: () => {} };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('development outbox pages', () => {
  it('list mail and texts newest first, as JSON and as an escaped HTML page', async () => {
    const outbox = createOutbox(t.db, silentLog);
    await outbox.put({
      channel: 'mail',
      to: 'ada@example.com',
      subject: 'First',
      text: 'one',
      html: '<p>one</p>',
    });
    await outbox.put({
      channel: 'sms',
      to: '+15551234567',
      subject: null,
      text: '<b>code</b> 123',
      html: null,
    });

    const json = await t.request({ method: 'GET', url: '/__dev/outbox.json' });
    expect(json.status).toBe(200);
    expect(json.headers['cache-control']).toBe('no-store');
    expect(json.body).toEqual([
      {
        channel: 'sms',
        to: '+15551234567',
        subject: null,
        text: '<b>code</b> 123',
        created_at: expect.any(String),
      },
      {
        channel: 'mail',
        to: 'ada@example.com',
        subject: 'First',
        text: 'one',
        created_at: expect.any(String),
      },
    ]);
    expect(Date.parse(json.body[0].created_at)).toBeGreaterThanOrEqual(Date.parse(json.body[1].created_at));

    const page = await t.request({ method: 'GET', url: '/__dev/outbox' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('development stand-in');
    expect(page.body).toContain('&lt;b&gt;code&lt;/b&gt; 123');
    expect(page.body).not.toContain('<b>code</b>');
    expect(page.body.indexOf('+15551234567')).toBeLessThan(page.body.indexOf('ada@example.com'));
  });
});

describe('where the stand-ins are served', () => {
  const get = (
    app: TestApp,
    url: string,
    options: { remoteAddress?: string; headers?: Record<string, string> } = {},
  ) => app.request({ method: 'GET', url, ...options });
  const standins = ['/__dev/outbox.json', '/__dev/outbox', '/__dev/idp/.well-known/openid-configuration'];

  it('answer only requests from this machine: any other address gets the 404 of an absent page', async () => {
    for (const url of standins) {
      expect((await get(t, url, { remoteAddress: '127.0.0.1' })).status, url).toBe(200);
      expect((await get(t, url, { remoteAddress: '::1' })).status, url).toBe(200);
      const remote = await get(t, url, { remoteAddress: '192.168.1.20' });
      expect(remote.status, url).toBe(404);
      expect(remote.body.resource_response.error.code).toBe('not_found');
      expect(
        (await get(t, url.replace('/__dev/', '/%5F%5Fdev/'), { remoteAddress: '10.1.2.3' })).status,
      ).toBe(404);
    }
  });

  it('behind a trusted proxy, answer only when the forwarded client is this machine too', async () => {
    const proxied = await createTestApp({ db: t.db, env: { TRUST_PROXY: '1' } });
    try {
      const from = (client: string) =>
        get(proxied, '/__dev/outbox.json', {
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': client },
        });
      expect((await from('203.0.113.9')).status).toBe(404);
      expect((await from('127.0.0.1')).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it.each([
    ['production', { NODE_ENV: 'production' }, 404],
    ['production with DEV_STANDINS=1', { NODE_ENV: 'production', DEV_STANDINS: '1' }, 200],
    ['a public PUBLIC_URL', { NODE_ENV: 'development', PUBLIC_URL: 'https://pins.example' }, 404],
    [
      'a public PUBLIC_URL with DEV_STANDINS=1',
      { PUBLIC_URL: 'https://pins.example', DEV_STANDINS: '1' },
      200,
    ],
    ['development turned off by DEV_STANDINS=0', { NODE_ENV: 'development', DEV_STANDINS: '0' }, 404],
  ])('in %s (%j): %i', async (_name, env, status) => {
    const app = await createTestApp({ db: t.db, env });
    try {
      for (const url of standins) expect((await get(app, url)).status, url).toBe(status);
    } finally {
      await app.close();
    }
  });

  it('are named at start, with the reason they are on or off', () => {
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({
      devStandins: true,
      devStandinsReason: 'NODE_ENV=development and PUBLIC_URL http://localhost:3000 is this machine',
    });
    expect(loadConfig({ PUBLIC_URL: 'http://[::1]:8080' }).devStandins).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.2:8080' }).devStandins).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://pins.localhost:8080' }).devStandins).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://10.0.0.5:3000' })).toMatchObject({
      devStandins: false,
      devStandinsReason:
        'PUBLIC_URL http://10.0.0.5:3000 is not a loopback address (DEV_STANDINS=1 turns them on)',
    });
    const lines: string[] = [];
    const log = { info: (line: string) => lines.push(line), warn: (line: string) => lines.push(line) };
    logDevStandins(log as never, loadConfig({}), { mail: true, sms: false });
    logDevStandins(log as never, loadConfig({ NODE_ENV: 'production' }), { mail: true, sms: true });
    expect(lines).toEqual([
      'Development stand-ins on (NODE_ENV=development and PUBLIC_URL http://localhost:3000 is this machine), ' +
        'for requests from this machine only: the outbox at /__dev/outbox for mail (no SMTP_URL); ' +
        'the identity provider at /__dev/idp standing in for facebook, google, line and SSO domains',
      'Development stand-ins off: NODE_ENV=production (DEV_STANDINS=1 turns them on)',
    ]);
  });
});
