import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, endpoints } from '@pinboard/shared/api';
import { refuseUndefinedApiRoutes, registerEndpoints, routePathOf } from '../src/lib/endpoints.ts';
import { ok } from '../src/lib/envelope.ts';
import { listOperations } from './helpers/openapi.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const definitions = Object.entries(endpoints);

describe('endpoint definitions and routes', () => {
  it('give every definition its route', () => {
    const missing = definitions
      .filter(
        ([, { method, path }]) => !t.app.hasRoute({ method, url: routePathOf(path).replace(/\/$/, '') }),
      )
      .map(([name, { method, path }]) => `${name}: ${method} ${path}`);
    expect(missing).toEqual([]);
  });

  it('document exactly the definitions, each operation named after its definition', () => {
    const documented = listOperations(t.app).map(({ name, operation }) => `${operation.operationId} ${name}`);
    const defined = definitions.map(([name, { method, path }]) => `${name} ${method} ${path}`);
    expect(documented.sort()).toEqual(defined.sort());
  });

  it('refuse an API route registered without a definition', async () => {
    const app = Fastify();
    refuseUndefinedApiRoutes(app);
    app.get('/healthz', async () => 'ok');
    app.get('/offsite/', async () => 'a page');
    expect(() => app.get('/v3/stray/', async () => 'no definition')).toThrow(
      'GET /v3/stray/ has no endpoint definition',
    );
    expect(() => app.post('/ads/v4/stray/', async () => 'no definition')).toThrow(/no endpoint definition/);
    await app.close();
  });

  it('refuse a rate limit the registry does not have, or one by viewer on a visitor endpoint', async () => {
    const app = Fastify();
    const limited = (rateLimit: { limit: string; by: 'address' | 'viewer' }) => ({
      limited: defineEndpoint({
        method: 'GET',
        path: '/v3/limited/',
        summary: 'A limited call',
        tag: 'test',
        access: 'visitor',
        response: z.null(),
        rateLimit,
      }),
    });
    const handlers = { limited: async () => ok(null) };
    expect(() =>
      registerEndpoints(app, limited({ limit: 'no-such-limit', by: 'address' }), handlers),
    ).toThrow('limited: no rate limit is named no-such-limit');
    expect(() => registerEndpoints(app, limited({ limit: 'email-check', by: 'viewer' }), handlers)).toThrow(
      'a limit by viewer needs a signed-in endpoint',
    );
    await app.close();
  });
});
