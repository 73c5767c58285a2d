import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** Every environment variable the server reads, parsed once at start-up. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  SEED_DEMO: booleanFlag.optional(),
  SEED_PINS: z.coerce.number().int().min(0).max(100_000).default(600),
  SEED_NUMBER: z.coerce.number().int().default(42),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  TRUST_PROXY: booleanFlag.default(false),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  mediaDir: string;
  webDistDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  sessionSecret: string | undefined;
  /** undefined: seed when the database is new. */
  seedDemo: boolean | undefined;
  seedPins: number;
  seedNumber: number;
  logLevel: Env['LOG_LEVEL'];
  bodyLimitBytes: number;
  trustProxy: boolean;
  secureCookies: boolean;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Parses the environment; throws one error listing every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    webDistDir: path.join(repoRoot, 'apps/web/dist'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    sessionSecret: env.SESSION_SECRET,
    seedDemo: env.SEED_DEMO,
    seedPins: env.SEED_PINS,
    seedNumber: env.SEED_NUMBER,
    logLevel: env.LOG_LEVEL,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    secureCookies: publicUrl.startsWith('https://'),
  };
}
