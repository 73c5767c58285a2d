import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/test-app.ts';

/**
 * Closing the app with live streams open (a deploy's SIGTERM): every stream ends and the close
 * finishes. The server process of the bench's live scenario, read by fetch (undici) clients, took
 * its 10 s shutdown limit and exited 1 whenever streams were open at SIGTERM (3 runs of 3; 0.3 s
 * and exit 0 once the app's close also closes each stream's connection, `end(true)` in
 * live-streams.ts). This in-process test did not reproduce that hang without the change; it holds
 * the rest: a close that did not end the streams would wait for them forever.
 */
describe('closing the app with live streams open', () => {
  it('ends every stream and closes its connection, so the close does not wait for it', async () => {
    const t = await createTestApp({ env: { LIVE_STREAM_SECONDS: '600' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const cookies = await Promise.all(
      [1, 2, 3].map(async () => t.make.sessionCookie((await t.make.user()).id)),
    );
    // fetch (undici), as the bench reads them: it keeps a connection for reuse once a response ends.
    const streams = await Promise.all(
      cookies.map(async (cookie) => {
        const response = await fetch(`http://127.0.0.1:${port}/v3/live/`, { headers: { cookie } });
        expect(response.status).toBe(200);
        const reader = response.body!.getReader();
        await reader.read();
        // Wrapped: an async function returning a promise would wait for it.
        return {
          ended: (async () => {
            while (!(await reader.read()).done);
          })(),
        };
      }),
    );
    await t.close();
    // Every stream ended.
    await Promise.all(streams.map((stream) => stream.ended));
  }, 60_000);
});
