/**
 * The ceiling for the bench: a bare Fastify 5 route on the same machine, in its own process
 * like the real server, so the difference is what the app, its plugins and the database cost.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}

await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
