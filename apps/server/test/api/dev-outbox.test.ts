import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbox } from '../../src/adapters/outbox/outbox.ts';
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

describe('outbox pages in production', () => {
  it('are not served unless DEV_STANDINS=1', async () => {
    const production = await createTestApp({ db: t.db, env: { NODE_ENV: 'production' } });
    try {
      expect((await production.request({ method: 'GET', url: '/__dev/outbox.json' })).status).toBe(404);
      expect((await production.request({ method: 'GET', url: '/__dev/outbox' })).status).toBe(404);
    } finally {
      await production.close();
    }
    const staging = await createTestApp({ db: t.db, env: { NODE_ENV: 'production', DEV_STANDINS: '1' } });
    try {
      expect((await staging.request({ method: 'GET', url: '/__dev/outbox.json' })).status).toBe(200);
    } finally {
      await staging.close();
    }
  });
});
