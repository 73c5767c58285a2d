import type { FastifyInstance } from 'fastify';
import type { Outbox } from '../../adapters/outbox/outbox.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

const noStore = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' };

/**
 * The development outbox pages (decision 19): `GET /__dev/outbox` (HTML) and
 * `GET /__dev/outbox.json`, newest first. Registered only when `config.devStandins` is on, so a
 * production server answers 404 for them.
 */
export function registerDevOutboxRoutes(app: FastifyInstance, outbox: Outbox): void {
  app.get('/__dev/outbox.json', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await outbox.list();
    return reply.headers(noStore).send(
      rows.map((row) => ({
        channel: row.channel,
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.headers ? { headers: row.headers } : {}),
        created_at: row.createdAt.toISOString(),
      })),
    );
  });

  app.get('/__dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await outbox.list();
    const items = rows
      .map(
        (row) => `<article>
<h2>${escapeHtml(row.channel === 'mail' ? (row.subject ?? '(no subject)') : 'Text message')}</h2>
<p class="meta">${escapeHtml(row.channel)} to <b>${escapeHtml(row.to)}</b> at <time>${row.createdAt.toISOString()}</time></p>
<pre>${escapeHtml(row.text)}</pre>
</article>`,
      )
      .join('\n');
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<title>Development outbox</title>
<style>body{font:15px/1.4 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
.note{background:#fff4d6;padding:.75rem 1rem;border-radius:8px}article{border-bottom:1px solid #ddd;padding:.5rem 0}
pre{white-space:pre-wrap;word-break:break-all}.meta{color:#555}</style></head>
<body><h1>Development outbox</h1>
<p class="note">This is a development stand-in: no SMTP_URL or SMS_GATEWAY_URL is set, so mail and text messages are kept here instead of being sent. Newest first.</p>
${items || '<p>No messages yet.</p>'}
</body></html>`;
    return reply.headers(noStore).type('text/html; charset=utf-8').send(html);
  });
}
