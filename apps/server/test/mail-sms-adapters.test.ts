import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/adapters/mail/index.ts';
import { createOutbox } from '../src/adapters/outbox/outbox.ts';
import { createSmsSender } from '../src/adapters/sms/index.ts';
import { loadConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const silentLog = { info: () => {}, error: () => {} };
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

interface Received {
  from: string | undefined;
  to: string[];
  data: string;
  user: string | undefined;
}

/** A real SMTP server on a free local port that keeps what it receives. */
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'secret')
        return callback(null, { user: auth.username });
      return callback(new Error('bad credentials'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
          user: session.user as string | undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('SMTP mailer (nodemailer)', () => {
  it('delivers text and HTML to a real SMTP server, from MAIL_FROM, with the URL credentials', async () => {
    const smtp = await startSmtp();
    try {
      const config = loadConfig({
        SMTP_URL: `smtp://mailer:secret@127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Pinboard Test <robot@pinboard.test>',
      });
      const mailer = createMailer(config, createOutbox(handle.db, silentLog));
      expect(mailer.kind).toBe('smtp');
      await mailer.send({
        to: 'ada@example.com',
        subject: 'Reset your Pinboard password',
        text: 'Plain body with a link https://pinboard.test/password/reset/?token=abc',
        html: '<p>HTML body &amp; link</p>',
        headers: {
          'List-Unsubscribe': '<https://pinboard.test/email/subscription/?token=u.1.activity.x>',
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      await mailer.close();
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail!.from).toBe('robot@pinboard.test');
      expect(mail!.to).toEqual(['ada@example.com']);
      expect(mail!.user).toBe('mailer');
      expect(mail!.data).toContain('Subject: Reset your Pinboard password');
      expect(mail!.data).toContain('From: Pinboard Test <robot@pinboard.test>');
      expect(mail!.data).toContain('text/plain');
      expect(mail!.data).toContain('text/html');
      expect(mail!.data).toContain('<p>HTML body &amp; link</p>');
      // A notification mail's headers (decision 53) reach the server as given (once unfolded).
      const unfolded = mail!.data.replace(/\r\n[ \t]+/g, ' ');
      expect(unfolded).toContain(
        'List-Unsubscribe: <https://pinboard.test/email/subscription/?token=u.1.activity.x>',
      );
      expect(unfolded).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    } finally {
      await smtp.close();
    }
  });

  it('fails loudly when the SMTP server refuses the credentials', async () => {
    const smtp = await startSmtp();
    try {
      const config = loadConfig({ SMTP_URL: `smtp://mailer:wrong@127.0.0.1:${smtp.port}` });
      const mailer = createMailer(config, createOutbox(handle.db, silentLog));
      await expect(
        mailer.send({ to: 'a@example.com', subject: 's', text: 't', html: 'h' }),
      ).rejects.toThrow();
      await mailer.close();
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });
});

describe('SMS sender', () => {
  it('POSTs JSON {to, text} with the bearer token to the gateway', async () => {
    const requests: { method?: string; auth?: string; type?: string; body: unknown }[] = [];
    let answer = 200;
    const server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        requests.push({
          method: request.method,
          auth: request.headers.authorization,
          type: request.headers['content-type'],
          body: JSON.parse(body),
        });
        response.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
    try {
      const outbox = createOutbox(handle.db, silentLog);
      const sms = createSmsSender(loadConfig({ SMS_GATEWAY_URL: url, SMS_GATEWAY_TOKEN: 'tok-123' }), outbox);
      expect(sms.kind).toBe('gateway');
      await sms.send({ to: '+15551234567', text: 'Your code is 123456' });
      expect(requests).toEqual([
        {
          method: 'POST',
          auth: 'Bearer tok-123',
          type: 'application/json',
          body: { to: '+15551234567', text: 'Your code is 123456' },
        },
      ]);

      const noToken = createSmsSender(loadConfig({ SMS_GATEWAY_URL: url }), outbox);
      await noToken.send({ to: '+15550000000', text: 'hi' });
      expect(requests[1]!.auth).toBeUndefined();

      answer = 503;
      await expect(sms.send({ to: '+15550000000', text: 'hi' })).rejects.toThrow('SMS gateway answered 503');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('outbox stand-ins', () => {
  it('keep mail and texts in outbox_messages, newest first, when nothing is configured', async () => {
    const logged: unknown[] = [];
    const outbox = createOutbox(handle.db, { info: (object) => logged.push(object) });
    const config = loadConfig({});
    const mailer = createMailer(config, outbox);
    const sms = createSmsSender(config, outbox);
    expect([mailer.kind, sms.kind]).toEqual(['outbox', 'outbox']);
    await mailer.send({ to: 'ada@example.com', subject: 'Hello', text: 'Body', html: '<p>Body</p>' });
    await sms.send({ to: '+15551234567', text: 'Code 1' });
    const [newest, older] = await outbox.list();
    expect(newest).toMatchObject({
      channel: 'sms',
      to: '+15551234567',
      subject: null,
      text: 'Code 1',
      html: null,
    });
    expect(older).toMatchObject({
      channel: 'mail',
      to: 'ada@example.com',
      subject: 'Hello',
      html: '<p>Body</p>',
    });
    expect(logged).toHaveLength(2);
  });

  it('config: an SMTP_URL must be smtp(s)://, DEV_STANDINS opens the stand-ins in production', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(loadConfig({ SMTP_URL: '' }).smtpUrl).toBeUndefined();
    expect(loadConfig({}).mailFrom).toBe('Pinboard <no-reply@localhost>');
    expect(loadConfig({ NODE_ENV: 'production' }).devStandins).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEV_STANDINS: '1' }).devStandins).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).devStandins).toBe(true);
  });
});
