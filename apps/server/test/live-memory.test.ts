import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The target: 200 open live streams cost at most 50 MB of server memory. Measured in one
 * process that holds both ends (the clients' sockets too), so the figure is an upper bound;
 * docs/benchmarks.md records it.
 */
const STREAMS = 200;
const BUDGET_BYTES = 50 * 1024 * 1024;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LIVE_STREAM_SECONDS: '600' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const used = () => {
  const { heapUsed, external, arrayBuffers } = process.memoryUsage();
  return heapUsed + external + arrayBuffers;
};

describe('live streams', () => {
  it(`hold ${STREAMS} open streams in under 50 MB`, async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const cookies: string[] = [];
    for (let i = 0; i < STREAMS; i += 1) cookies.push(await t.make.sessionCookie((await t.make.user()).id));
    globalThis.gc?.();
    const before = used();
    const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
    let ended = 0;
    const requests = await Promise.all(
      cookies.map(
        (cookie) =>
          new Promise<http.ClientRequest>((resolve, reject) => {
            const request = http.get(
              { port, host: '127.0.0.1', path: '/v3/live/', agent, headers: { cookie } },
              (response) => {
                expect(response.statusCode).toBe(200);
                response.on('end', () => (ended += 1));
                // The first event has arrived once the first chunk does.
                response.once('data', () => resolve(request));
              },
            );
            request.on('error', reject);
          }),
      ),
    );
    globalThis.gc?.();
    const grown = used() - before;
    console.warn(
      `[live-memory] ${STREAMS} open streams: ${(grown / 1024 / 1024).toFixed(1)} MB (server and clients)`,
    );
    expect(grown).toBeLessThan(BUDGET_BYTES);
    // Every stream is still open (none ended once its request was read).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(ended).toBe(0);
    for (const request of requests) request.destroy();
    agent.destroy();
  }, 120_000);
});
