import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import {
  boardEndpoints,
  discoverEndpoints,
  experimentEndpoints,
  offsiteEndpoints,
  pinEndpoints,
  searchEndpoints,
  userEndpoints,
} from '@pinboard/shared/api';
import {
  loginEndpoints,
  qrLoginEndpoints,
  recoveryEndpoints,
  sessionEndpoints,
  signUpEndpoints,
  socialEndpoints,
  ssoEndpoints,
} from '@pinboard/shared/api/auth';
import { accountSettingsEndpoints, identitySettingsEndpoints } from '@pinboard/shared/api/settings';
import type { AppContext } from './app-context.ts';
import { createBotCheck } from './adapters/botcheck/index.ts';
import { createCounterStore } from './adapters/counters/index.ts';
import { createInvalidationBus } from './adapters/invalidation/index.ts';
import { createMailer } from './adapters/mail/index.ts';
import { createOutbox } from './adapters/outbox/outbox.ts';
import { createSmsSender } from './adapters/sms/index.ts';
import { createCountryResolver } from './adapters/geoip/country.ts';
import { createInProcessFetch } from './adapters/identity/in-process-fetch.ts';
import { createIdentityProviders } from './adapters/identity/oidc-providers.ts';
import { createBackground } from './lib/background.ts';
import { refuseUndefinedApiRoutes, registerEndpoints } from './lib/endpoints.ts';
import { resolveSessionSecret } from './lib/session-secret.ts';
import { serializerCompiler } from './lib/serializer.ts';
import { useMediaUrlsOf } from './lib/media-url.ts';
import { syncVisitorCaches } from './lib/visitor-cache-sync.ts';
import { createAuthLimits } from './modules/auth/auth.policy.ts';
import type { RecoveryDeps } from './modules/auth/recovery/recovery.service.ts';
import { loginRoutes } from './modules/auth/login/login.routes.ts';
import { qrLoginRoutes } from './modules/auth/qr/qr-login.routes.ts';
import { recoveryRoutes } from './modules/auth/recovery/recovery.routes.ts';
import { signUpRoutes } from './modules/auth/register/register.routes.ts';
import { sessionRoutes } from './modules/auth/sessions/sessions.routes.ts';
import { socialRoutes } from './modules/auth/social/social.routes.ts';
import { ssoRoutes } from './modules/auth/sso/sso.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { createBoardActionLock } from './modules/boards/board-action-lock.ts';
import { boardRoutes } from './modules/boards/boards.routes.ts';
import { bulkEditRoutes } from './modules/boards/bulk-edit.routes.ts';
import { savingRoutes } from './modules/pins/saving.routes.ts';
import { registerPinCreateRoutes } from './modules/pins/pin-create.routes.ts';
import { mediaRoutes, registerMediaUploadRoutes } from './modules/media/uploads.routes.ts';
import { linkRoutes } from './modules/links/links.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { createOffsiteDeps, offsiteRoutes, registerOffsitePage } from './modules/offsite/offsite.routes.ts';
import { collaboratorRoutes } from './modules/boards/collaborators-and-invites.routes.ts';
import { sectionRoutes } from './modules/boards/sections.routes.ts';
import { registerDevIdp } from './modules/dev/dev-idp.ts';
import { registerDevOutboxRoutes } from './modules/dev/outbox.routes.ts';
import { logDevStandins } from './modules/dev/standins-log.ts';
import { serveDevStandinsToThisMachineOnly } from './modules/dev/this-machine-only.ts';
import { registerConnectRoutes } from './modules/auth/social/connect.routes.ts';
import { identitySettingsRoutes } from './modules/settings/identities.routes.ts';
import { experimentRoutes } from './modules/experiments/experiments.routes.ts';
import { feedRoutes } from './modules/feed/feed.routes.ts';
import { registerHomePage } from './modules/feed/home-page.routes.ts';
import { createSignedOutFeed } from './modules/feed/signed-out-feed.ts';
import { discoverRoutes } from './modules/discover/discover.routes.ts';
import { pinRoutes } from './modules/pins/pins.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { registerAdminEndpoint } from './plugins/admin-endpoint.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import {
  clientErrorHandler,
  frameworkErrors,
  MAX_PARAM_LENGTH,
  registerInputChecks,
} from './plugins/input.ts';
import { registerMedia } from './plugins/media.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerViewer } from './plugins/viewer.ts';

export interface BuildAppOptions {
  logger?: FastifyServerOptions['loggerInstance'];
  /** Serve the Vite build for web routes (off in API tests). */
  webApp?: boolean;
}

/** The whole HTTP app on an open database. It never listens: main.ts does, tests inject. */
export async function buildApp(context: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config, db } = context;
  const app = Fastify({
    loggerInstance: options.logger,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // Fastify's and Node's own refusals answer in the envelope too.
    frameworkErrors,
    clientErrorHandler,
  });
  // Every API route comes from its definition in packages/shared/src/api.
  refuseUndefinedApiRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Pinboard API', version: '3' },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });

  // First, so every answer carries them, 404s and errors included.
  registerSecurityHeaders(app, { publicUrl: config.publicUrl, mediaOrigin: config.mediaOrigin });
  registerErrorHandling(app);
  registerInputChecks(app);
  if (options.webApp !== false)
    await registerWebApp(app, { distDir: config.webDistDir, publicUrl: config.publicUrl });
  // Media in a bucket is served by the bucket (or its CDN); local media from /media/ here.
  if (!config.s3) await registerMedia(app, { mediaDir: config.mediaDir });
  const restoreMediaUrls = useMediaUrlsOf(context.storage);
  app.addHook('onClose', async () => restoreMediaUrls());
  registerCsrf(app, { secureCookies: config.secureCookies, publicUrl: config.publicUrl });
  registerViewer(app, { db });

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    await db.execute(sql`select 1`);
    return reply.send({ status: 'ok' });
  });
  app.get('/v3/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // Counters live as long as the app: Redis when REDIS_URL is set, else this process.
  const counters = createCounterStore(config.redisUrl);
  app.decorate('counters', counters);
  app.addHook('onClose', () => counters.close());
  const sessionSecret = resolveSessionSecret(config.sessionSecret, config.dataDir);
  // Mail and texts: SMTP / the SMS gateway when configured, else the development outbox.
  const outbox = createOutbox(db, app.log);
  const mailer = createMailer(config, outbox);
  const sms = createSmsSender(config, outbox);
  // Visitor caches cleared on every instance at once: Redis pub/sub when REDIS_URL is set.
  const invalidation = createInvalidationBus(config.redisUrl);
  const stopCacheSync = await syncVisitorCaches(invalidation, app.log);
  app.addHook('onClose', async () => {
    stopCacheSync();
    await invalidation.close();
  });
  const background = createBackground(app.log);
  app.decorate('background', background);
  app.addHook('onClose', async () => {
    await background.settled();
    await mailer.close();
  });
  if (mailer.kind === 'outbox' && !config.devStandins) {
    app.log.warn('SMTP_URL is not set: mail is kept in the outbox table and never sent');
  }
  if (config.devStandins) {
    serveDevStandinsToThisMachineOnly(app);
    registerDevOutboxRoutes(app, outbox);
  }
  // Social providers and SSO (decision 21): the development issuer stands in for unconfigured ones.
  const devIdp = config.devStandins
    ? await registerDevIdp(app, { config, db, sessionSecret, log: app.log })
    : null;
  const identity = createIdentityProviders({
    config,
    db,
    devIdp,
    inProcessFetch: devIdp ? createInProcessFetch(app, config.publicUrl) : null,
  });
  logDevStandins(app.log, config, { mail: mailer.kind === 'outbox', sms: sms.kind === 'outbox' });
  const auth: RecoveryDeps = {
    db,
    config,
    limits: createAuthLimits(counters),
    botCheck: createBotCheck(config, { sessionSecret, counters }),
    countries: createCountryResolver({ header: config.countryHeader }),
    identity,
    mailer,
    sms,
    mfaSecret: sessionSecret,
    background,
    recoveryConfig: config,
  };
  const signingIn = { ...auth, secureCookies: config.secureCookies };
  registerEndpoints(app, signUpEndpoints, signUpRoutes(signingIn));
  registerEndpoints(app, loginEndpoints, loginRoutes(signingIn));
  registerEndpoints(app, recoveryEndpoints, recoveryRoutes(signingIn));
  registerEndpoints(app, sessionEndpoints, sessionRoutes(signingIn));
  registerEndpoints(app, socialEndpoints, socialRoutes(auth));
  registerEndpoints(app, ssoEndpoints, ssoRoutes(signingIn));
  registerEndpoints(app, qrLoginEndpoints, qrLoginRoutes({ ...auth, config, counters }));
  registerConnectRoutes(app, { identity, publicUrl: config.publicUrl, secureCookies: config.secureCookies });
  registerEndpoints(app, accountSettingsEndpoints, settingsRoutes(signingIn));
  registerEndpoints(app, identitySettingsEndpoints, identitySettingsRoutes(auth));

  registerEndpoints(app, userEndpoints, userRoutes({ ...context, countries: auth.countries }));
  // One lock for every call that acts on a board, bulk edits included.
  const boardWrites = { db, lock: createBoardActionLock(counters) };
  app.decorate('boardActionLock', boardWrites.lock);
  registerEndpoints(app, boardEndpoints, {
    ...boardRoutes(boardWrites),
    ...sectionRoutes(boardWrites),
    ...collaboratorRoutes({ db, mailer, background, counters, publicUrl: config.publicUrl }),
  });
  // Uploads and new pins have scopes of their own (a multipart body, a body as large as an image).
  const { createMediaUpload: _upload, createPin: _create, ...pinJsonEndpoints } = pinEndpoints;
  registerEndpoints(app, pinJsonEndpoints, {
    ...pinRoutes(context),
    ...savingRoutes(context),
    // The board writes' own lock: a move waits for a board action as they do.
    ...bulkEditRoutes(boardWrites),
    ...mediaRoutes({ ...context, background }),
    ...linkRoutes({
      allowHosts: config.fetchAllowHosts,
      counters,
      storage: context.storage,
      publicUrl: config.publicUrl,
    }),
  });
  registerMediaUploadRoutes(app, context);
  registerPinCreateRoutes(app, context);
  registerEndpoints(app, searchEndpoints, searchRoutes(context));
  const offsite = createOffsiteDeps({ ...context, counters, sessionSecret });
  registerEndpoints(app, offsiteEndpoints, offsiteRoutes(offsite));
  registerOffsitePage(app, offsite);
  // One cache of the signed-out feed's pages for the API call and the home page's HTML.
  const signedOutFeed = createSignedOutFeed(db);
  registerEndpoints(app, discoverEndpoints, {
    ...feedRoutes({ ...context, signedOutFeed }),
    ...discoverRoutes(context),
  });
  registerHomePage(app, { feed: signedOutFeed });
  registerEndpoints(app, experimentEndpoints, experimentRoutes(context));

  if (context.adminToken) registerAdminEndpoint(app, { ...context, token: context.adminToken });

  await app.ready();
  return app;
}
