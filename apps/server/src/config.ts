import path from 'node:path';
import { SOCIAL_PROVIDERS, type SocialProvider } from '@pinboard/shared';
import { z } from 'zod';
import { s3MediaBaseUrl } from './adapters/storage/storage.ts';
import { isLoopbackUrl } from './lib/loopback.ts';

const booleanFlag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** A comma-separated list, each entry trimmed and lower-cased (or upper-cased), blanks dropped. */
const commaList = (fallback: string, upper = false) =>
  z
    .string()
    .default(fallback)
    .transform((v) =>
      v
        .split(',')
        .map((entry) => (upper ? entry.trim().toUpperCase() : entry.trim().toLowerCase()))
        .filter(Boolean),
    );

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
  BOT_CHECK: z.enum(['altcha', 'recaptcha', 'off']).optional(),
  RECAPTCHA_PROJECT_ID: z.string().optional(),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_API_KEY: z.string().optional(),
  COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'a header name')
    .transform((v) => v.toLowerCase())
    .optional(),
  CONSENT_COUNTRIES: commaList('KR', true).pipe(
    z.array(z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 codes, comma separated')),
  ),
  SMTP_URL: z
    .string()
    .regex(/^(smtps?:\/\/|$)/, 'an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Pinboard <no-reply@localhost>'),
  MAIL_UNSUBSCRIBE_ADDRESS: z.union([z.literal(''), z.email()]).optional(),
  EMAIL_DIGEST_EVERY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(900),
  MAIL_RETRY_EVERY_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
  BILLING_EVERY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3600),
  BILLING_PAYMENT_DAYS: z.coerce.number().int().min(1).max(120).default(30),
  BILLING_STOP_DAYS_OVERDUE: z.coerce.number().int().min(0).max(365).default(14),
  BILLING_STOP_UNPAID_OVER: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  SMS_GATEWAY_URL: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).optional(),
  SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
  DEV_STANDINS: booleanFlag.optional(),
  MEDIA_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 ** 3),
  MEDIA_SWEEP_GRACE_SECONDS: z.coerce.number().int().min(0).optional(),
  LIVE_STREAM_SECONDS: z.coerce.number().positive().max(3600).default(300),
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().positive().max(300).default(25),
  FFMPEG_PATH: z.string().default('ffmpeg'),
  FFPROBE_PATH: z.string().default('ffprobe'),
  FETCH_ALLOW_HOSTS: commaList(''),
  LINK_SHORTENERS: commaList(''),
  S3_ENDPOINT: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])?$/, 'an S3 bucket name (3-63 of a-z, 0-9, . and -)')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]*$/, 'a region name such as us-east-1')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).optional(),
  ...providerEnv('GOOGLE'),
  ...providerEnv('FACEBOOK'),
  ...providerEnv('LINE'),
});

/** `<NAME>_ISSUER`, `<NAME>_CLIENT_ID`, `<NAME>_CLIENT_SECRET`: one OpenID provider's settings. */
function providerEnv<const Name extends string>(name: Name) {
  return {
    [`${name}_ISSUER`]: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).optional(),
    [`${name}_CLIENT_ID`]: z.string().optional(),
    [`${name}_CLIENT_SECRET`]: z.string().optional(),
  } as Record<`${Name}_ISSUER` | `${Name}_CLIENT_ID` | `${Name}_CLIENT_SECRET`, z.ZodOptional<z.ZodString>>;
}

/** An OpenID provider the server signs people in with (decision 21). */
export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export type Env = z.infer<typeof EnvSchema>;

export interface BillingConfig {
  /** How often each instance issues last month's invoices and checks unpaid accounts (0: never). */
  everyMs: number;
  /** An invoice is due this many days after it is issued. */
  paymentDays: number;
  /** An account stops serving when an invoice is unpaid this many days past its due date… */
  stopDaysOverdue: number;
  /** …or when its unpaid invoices add up to more than this (micro-units of its currency; null: no limit). */
  stopUnpaidOverMicro: number | null;
}

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
  /** When undefined, buildApp generates one and keeps it in DATA_DIR (see lib/session-secret.ts). */
  sessionSecret: string | undefined;
  botCheck: 'altcha' | 'recaptcha' | 'off';
  recaptcha: { projectId: string; siteKey: string; apiKey: string } | undefined;
  /** Lower-cased name of a trusted proxy header carrying the viewer's country; read only when set. */
  countryHeader: string | undefined;
  /** Countries whose sign-ups must give the consents (docs/product/accounts.md#consent). */
  consentCountries: string[];
  /** undefined: seed when the database is new. */
  seedDemo: boolean | undefined;
  seedPins: number;
  seedNumber: number;
  logLevel: Env['LOG_LEVEL'];
  bodyLimitBytes: number;
  trustProxy: boolean;
  secureCookies: boolean;
  /** Mail goes out through this SMTP server; when undefined, into the development outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * An address whose mail the operator reads as unsubscribe requests (MAIL_UNSUBSCRIBE_ADDRESS):
   * named as a `mailto:` in every notification mail's `List-Unsubscribe` beside the web link.
   */
  unsubscribeMailto: string | null;
  /** How often the daily digest job looks for days to send (EMAIL_DIGEST_EVERY_SECONDS; 0: never). */
  emailDigestEveryMs: number;
  /** How often failed instant notification mail is looked at for retries (MAIL_RETRY_EVERY_SECONDS; 0: never). */
  mailRetryEveryMs: number;
  /** Monthly invoices and unpaid stops (decision 62; docs/deployment.md). */
  billing: BillingConfig;
  /** Texts are POSTed to this gateway (bearer `smsGatewayToken`); when undefined, into the outbox. */
  smsGatewayUrl: string | undefined;
  smsGatewayToken: string | undefined;
  /**
   * Development stand-ins (the outbox pages at `/__dev/outbox`, the identity provider at
   * `/__dev/idp`) are served, and only to requests from this machine. On by default only outside
   * production with a loopback PUBLIC_URL; DEV_STANDINS=1 or 0 decides otherwise.
   */
  devStandins: boolean;
  /** Why the stand-ins are on or off, for the start-up log. */
  devStandinsReason: string;
  /**
   * Social providers configured by their three settings. One left out is stood in for by the
   * development identity provider at `/__dev/idp` when `devStandins`, and is unavailable otherwise.
   */
  providers: Record<SocialProvider, OidcClientSettings | undefined>;
  /** Bytes of uploads one person may keep (MEDIA_QUOTA_BYTES, 2 GiB by default). */
  mediaQuotaBytes: number;
  /**
   * The start's media sweep removes unnamed files older than the start minus this
   * (MEDIA_SWEEP_GRACE_SECONDS): 0 on PGlite, whose data directory one process holds; an hour
   * with DATABASE_URL, where other instances sharing the media directory may be mid-upload.
   */
  mediaSweepGraceSeconds: number;
  /** The ffmpeg and ffprobe programs video uploads use; without them video is refused. */
  /**
   * A live stream ends after this long (LIVE_STREAM_SECONDS, 300): the browser reconnects, maybe
   * to another instance. A heartbeat comment every LIVE_HEARTBEAT_SECONDS (25) keeps proxies from
   * closing it and checks its session is still signed in.
   */
  liveStreamMs: number;
  liveHeartbeatMs: number;
  ffmpegPath: string;
  ffprobePath: string;
  /**
   * `host` or `host:port` entries the server-side fetcher may reach although they are private
   * or loopback addresses (FETCH_ALLOW_HOSTS, comma separated). For tests and local pages only.
   */
  fetchAllowHosts: string[];
  /**
   * Hosts whose links are followed before an outbound link check, beside the built-in list of
   * shorteners (LINK_SHORTENERS, comma separated; decision 28).
   */
  linkShorteners: string[];
  /** Media in this S3-compatible bucket (S3_* settings); undefined keeps it on disk in `mediaDir`. */
  s3: S3Settings | undefined;
  /**
   * The origin media URLs point at when it is not this server's (the bucket, or the CDN of
   * S3_PUBLIC_URL), e.g. `https://cdn.example.com`; undefined when media is served from `/media/`
   * here. A Content-Security-Policy allows it for images and video.
   */
  mediaOrigin: string | undefined;
}

/** An S3-compatible bucket (AWS S3, MinIO, R2, s3rver …) for media. */
export interface S3Settings {
  /** The service's URL for an S3-compatible server; undefined means AWS S3 in `region`. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Both, or neither: then the SDK's own chain (environment, instance role …) finds credentials. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** A CDN or public host in front of the bucket; media URLs start with it when set. */
  publicUrl: string | undefined;
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
  const recaptcha =
    env.RECAPTCHA_PROJECT_ID && env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_API_KEY
      ? {
          projectId: env.RECAPTCHA_PROJECT_ID,
          siteKey: env.RECAPTCHA_SITE_KEY,
          apiKey: env.RECAPTCHA_API_KEY,
        }
      : undefined;
  const botCheck = env.BOT_CHECK ?? (recaptcha ? 'recaptcha' : 'altcha');
  if (botCheck === 'recaptcha' && !recaptcha) {
    throw new Error(
      'Invalid configuration:\n  BOT_CHECK=recaptcha needs RECAPTCHA_PROJECT_ID, RECAPTCHA_SITE_KEY and RECAPTCHA_API_KEY',
    );
  }
  const providers = Object.fromEntries(
    SOCIAL_PROVIDERS.map((provider) => [provider, providerSettings(env, provider)]),
  ) as Config['providers'];
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const s3 = s3Settings(env);
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
    botCheck,
    recaptcha,
    countryHeader: env.COUNTRY_HEADER,
    consentCountries: env.CONSENT_COUNTRIES,
    seedDemo: env.SEED_DEMO,
    seedPins: env.SEED_PINS,
    seedNumber: env.SEED_NUMBER,
    logLevel: env.LOG_LEVEL,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    secureCookies: publicUrl.startsWith('https://'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    unsubscribeMailto: env.MAIL_UNSUBSCRIBE_ADDRESS || null,
    emailDigestEveryMs: env.EMAIL_DIGEST_EVERY_SECONDS * 1000,
    mailRetryEveryMs: env.MAIL_RETRY_EVERY_SECONDS * 1000,
    billing: {
      everyMs: env.BILLING_EVERY_SECONDS * 1000,
      paymentDays: env.BILLING_PAYMENT_DAYS,
      stopDaysOverdue: env.BILLING_STOP_DAYS_OVERDUE,
      stopUnpaidOverMicro: env.BILLING_STOP_UNPAID_OVER > 0 ? env.BILLING_STOP_UNPAID_OVER * 1_000_000 : null,
    },
    smsGatewayUrl: env.SMS_GATEWAY_URL || undefined,
    smsGatewayToken: env.SMS_GATEWAY_TOKEN,
    ...devStandins(env, publicUrl),
    providers,
    mediaQuotaBytes: env.MEDIA_QUOTA_BYTES,
    mediaSweepGraceSeconds: env.MEDIA_SWEEP_GRACE_SECONDS ?? (env.DATABASE_URL ? 3600 : 0),
    liveStreamMs: env.LIVE_STREAM_SECONDS * 1000,
    liveHeartbeatMs: env.LIVE_HEARTBEAT_SECONDS * 1000,
    ffmpegPath: env.FFMPEG_PATH,
    ffprobePath: env.FFPROBE_PATH,
    fetchAllowHosts: env.FETCH_ALLOW_HOSTS,
    linkShorteners: env.LINK_SHORTENERS,
    s3,
    mediaOrigin: s3 ? new URL(s3MediaBaseUrl(s3)).origin : undefined,
  };
}

/** The S3_* settings when a bucket is named; the others alone are a mistake worth stopping for. */
function s3Settings(env: Env): S3Settings | undefined {
  const endpoint = env.S3_ENDPOINT || undefined;
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  const publicUrl = env.S3_PUBLIC_URL || undefined;
  if (!env.S3_BUCKET) {
    if (endpoint || accessKeyId || secretAccessKey || publicUrl) {
      throw new Error('Invalid configuration:\n  S3_BUCKET: the other S3_* settings need a bucket');
    }
    return undefined;
  }
  if (!accessKeyId !== !secretAccessKey) {
    throw new Error('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  return {
    endpoint,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    publicUrl,
  };
}

/** Whether the development stand-ins are on, and why: the start-up log says it. */
function devStandins(env: Env, publicUrl: string): Pick<Config, 'devStandins' | 'devStandinsReason'> {
  if (env.DEV_STANDINS !== undefined) {
    return { devStandins: env.DEV_STANDINS, devStandinsReason: `DEV_STANDINS=${env.DEV_STANDINS ? 1 : 0}` };
  }
  if (env.NODE_ENV === 'production') {
    return { devStandins: false, devStandinsReason: 'NODE_ENV=production (DEV_STANDINS=1 turns them on)' };
  }
  if (!isLoopbackUrl(publicUrl)) {
    return {
      devStandins: false,
      devStandinsReason: `PUBLIC_URL ${publicUrl} is not a loopback address (DEV_STANDINS=1 turns them on)`,
    };
  }
  return {
    devStandins: true,
    devStandinsReason: `NODE_ENV=${env.NODE_ENV} and PUBLIC_URL ${publicUrl} is this machine`,
  };
}

/** A provider's settings when all three are set; a partial set is a mistake worth stopping for. */
function providerSettings(env: Env, provider: SocialProvider): OidcClientSettings | undefined {
  const name = provider.toUpperCase() as 'GOOGLE' | 'FACEBOOK' | 'LINE';
  const issuer = env[`${name}_ISSUER`] || undefined;
  const clientId = env[`${name}_CLIENT_ID`] || undefined;
  const clientSecret = env[`${name}_CLIENT_SECRET`] || undefined;
  if (!issuer && !clientId && !clientSecret) return undefined;
  if (!issuer || !clientId || !clientSecret) {
    throw new Error(
      `Invalid configuration:\n  ${name}_ISSUER, ${name}_CLIENT_ID and ${name}_CLIENT_SECRET go together`,
    );
  }
  return { issuer, clientId, clientSecret };
}
