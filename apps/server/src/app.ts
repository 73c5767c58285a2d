import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import {
  adsEndpoints,
  boardEndpoints,
  businessEndpoints,
  discoverEndpoints,
  experimentEndpoints,
  messageEndpoints,
  notificationEndpoints,
  emailEndpoints,
  offsiteEndpoints,
  pinEndpoints,
  reportEndpoints,
  commentEndpoints,
  searchEndpoints,
  userEndpoints,
  peopleEndpoints,
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
import { accountPreferenceEndpoints } from '@pinboard/shared/api/account-settings';
import type { AppContext } from './app-context.ts';
import { createBotCheck } from './adapters/botcheck/index.ts';
import { createCounterStore } from './adapters/counters/index.ts';
import { createInvalidationBus } from './adapters/invalidation/index.ts';
import { createMailer } from './adapters/mail/index.ts';
import { createOutbox } from './adapters/outbox/outbox.ts';
import { createSmsSender } from './adapters/sms/index.ts';
import { createCountryResolver } from './adapters/geoip/country.ts';
import { createInProcessFetch } from './adapters/identity/in-process-fetch.ts';
import { createIdentityProviders, providerStatus } from './adapters/identity/oidc-providers.ts';
import { createBackground } from './lib/background.ts';
import { refuseUndefinedApiRoutes, registerEndpoints } from './lib/endpoints.ts';
import { resolveSessionSecret } from './lib/session-secret.ts';
import { serializerCompiler } from './lib/serializer.ts';
import { useMediaUrlsOf } from './lib/media-url.ts';
import { syncVisitorCaches } from './lib/visitor-cache-sync.ts';
import { syncRelatedCandidates } from './modules/pins/related-candidates.ts';
import {
  SESSION_INVALIDATION_CHANNEL,
  createSessionLookups,
  syncSessionLookups,
} from './modules/auth/session-lookups.ts';
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
import { accountPreferenceRoutes } from './modules/settings/account-preferences.routes.ts';
import { isPageHiddenFromSearchEngines } from './modules/settings/account-preferences.service.ts';
import { createBoardActionLock } from './modules/boards/board-action-lock.ts';
import { boardRoutes } from './modules/boards/boards.routes.ts';
import { bulkEditRoutes } from './modules/boards/bulk-edit.routes.ts';
import { savingRoutes } from './modules/pins/saving.routes.ts';
import { registerPinCreateRoutes } from './modules/pins/pin-create.routes.ts';
import { mediaRoutes, registerMediaUploadRoutes } from './modules/media/uploads.routes.ts';
import { registerProfileRoutes } from './modules/profile/profile.routes.ts';
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
import { pinEditRoutes } from './modules/pins/pin-edit.routes.ts';
import { reportRoutes } from './modules/reports/reports.routes.ts';
import { commentRoutes } from './modules/comments/comments.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { createLive } from './modules/live/live.ts';
import { messageRoutes } from './modules/messages/messages.routes.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { emailRoutes, registerOneClickUnsubscribe } from './modules/email/email.routes.ts';
import { emailLinkKey } from './modules/email/email-tokens.ts';
import { mailNotificationsOf, startDigestJob, startMailRetryJob } from './modules/email/notification-mail.ts';
import { startNotificationRetention } from './modules/notifications/retention.ts';
import { peopleRoutes } from './modules/people/people.routes.ts';
import { adsRoutes, businessRoutes } from './modules/business/business.routes.ts';
import { createPromoted } from './modules/promoted/promoted.ts';
import { startAdTokenUsesRetention } from './modules/promoted/retention.ts';
import { createPayments } from './adapters/payments/index.ts';
import { startBillingJob } from './modules/business/invoices.ts';
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
    await registerWebApp(app, {
      distDir: config.webDistDir,
      publicUrl: config.publicUrl,
      // The development identity provider stands in for Google when `devStandins` (below).
      oneTap: providerStatus(config.providers, 'google', config.devStandins).available,
    });
  // Media in a bucket is served by the bucket (or its CDN); local media from /media/ here.
  if (!config.s3) await registerMedia(app, { mediaDir: config.mediaDir });
  const restoreMediaUrls = useMediaUrlsOf(context.storage);
  app.addHook('onClose', async () => restoreMediaUrls());
  registerCsrf(app, { secureCookies: config.secureCookies, publicUrl: config.publicUrl });
  // Session lookups kept per instance (decision 70), cleared on every instance when a session ends.
  const sessionInvalidation = createInvalidationBus(config.redisUrl, SESSION_INVALIDATION_CHANNEL);
  const stopSessionSync = await syncSessionLookups(sessionInvalidation, app.log);
  app.addHook('onClose', async () => {
    stopSessionSync();
    await sessionInvalidation.close();
  });
  registerViewer(app, { sessions: createSessionLookups(db) });

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
  // 'More like this' candidate lists (decision 58): forgotten on every instance after an edit.
  const relatedInvalidation = createInvalidationBus(config.redisUrl, 'pinboard:related-candidates');
  const stopRelatedSync = await syncRelatedCandidates(relatedInvalidation, app.log);
  app.addHook('onClose', async () => {
    stopRelatedSync();
    await relatedInvalidation.close();
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
  registerEndpoints(
    app,
    accountPreferenceEndpoints,
    accountPreferenceRoutes({ ...auth, allowHosts: config.fetchAllowHosts }),
  );
  app.decorate('pageHiddenFromSearchEngines', (routeId: string, params: Record<string, string | undefined>) =>
    isPageHiddenFromSearchEngines(db, routeId, params),
  );

  registerEndpoints(app, userEndpoints, userRoutes({ ...context, countries: auth.countries }));
  registerEndpoints(app, peopleEndpoints, peopleRoutes(context));
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
    ...pinEditRoutes(boardWrites),
    ...mediaRoutes({ ...context, background }),
    ...linkRoutes({
      allowHosts: config.fetchAllowHosts,
      counters,
      storage: context.storage,
      publicUrl: config.publicUrl,
    }),
  });
  registerMediaUploadRoutes(app, context);
  registerProfileRoutes(app, context);
  registerPinCreateRoutes(app, context);
  // Promoted pins in the feed and search, their impressions and clicks (decision 56).
  const promoted = createPromoted({ db, sessionSecret, countries: auth.countries });
  registerEndpoints(app, searchEndpoints, searchRoutes({ ...context, promoted }));
  registerEndpoints(app, reportEndpoints, reportRoutes(context));
  registerEndpoints(app, commentEndpoints, commentRoutes(context));
  const offsite = createOffsiteDeps({ ...context, counters, sessionSecret, promoted });
  registerEndpoints(app, offsiteEndpoints, offsiteRoutes(offsite));
  registerOffsitePage(app, offsite);
  // One cache of the signed-out feed's pages for the API call and the home page's HTML.
  const signedOutFeed = createSignedOutFeed(db);
  registerEndpoints(app, discoverEndpoints, {
    ...feedRoutes({ ...context, signedOutFeed, promoted }),
    ...discoverRoutes(context),
  });
  registerHomePage(app, { feed: signedOutFeed, promoted });
  registerEndpoints(app, experimentEndpoints, experimentRoutes(context));
  // Notifications and the live streams (decision 50): streams end before the server closes.
  const live = createLive({ db, config, background });
  app.addHook('preClose', async () => live.endStreams());
  app.addHook('onClose', () => live.close());
  registerEndpoints(app, notificationEndpoints, notificationRoutes({ db, streams: live.streams }));
  // Seen notifications older than 180 days go, hourly on each instance (decision 50).
  const stopRetention = startNotificationRetention({ db, background });
  app.addHook('onClose', async () => stopRetention());
  // Ad tokens' uses older than a token's life go, hourly on each instance (decision 56).
  const stopTokenUses = startAdTokenUsesRetention({ db, background });
  app.addHook('onClose', async () => stopTokenUses());
  // Notification mail, the daily digest job, mail choices by link and the survey (decision 53).
  const emailLinks = { db, linkKey: emailLinkKey(sessionSecret) };
  const notificationMail = {
    ...emailLinks,
    mailer,
    background,
    publicUrl: config.publicUrl,
    unsubscribeMailto: config.unsubscribeMailto,
    log: app.log,
    counters,
  };
  const stopMail = mailNotificationsOf(db, notificationMail);
  const stopDigests = startDigestJob(notificationMail, config.emailDigestEveryMs);
  const stopRetries = startMailRetryJob(notificationMail, config.mailRetryEveryMs);
  app.addHook('onClose', async () => {
    stopDigests();
    stopRetries();
    stopMail();
  });
  registerEndpoints(app, emailEndpoints, emailRoutes(emailLinks));
  registerOneClickUnsubscribe(app, { ...emailLinks, counters });
  // Messages, Send by email and blocking (decision 52); new messages go out over the same bus.
  registerEndpoints(
    app,
    messageEndpoints,
    messageRoutes({ db, mailer, background, publicUrl: config.publicUrl }),
  );
  // Business accounts, business access and the ad accounts' calls (decision 55).
  registerEndpoints(
    app,
    businessEndpoints,
    businessRoutes({ db, mailer, background, publicUrl: config.publicUrl, promoted }),
  );
  // Billing (decision 62): the payment adapter, and the job that issues monthly invoices and stops
  // (and starts again) accounts unpaid past the limit.
  const payments = createPayments(config);
  registerEndpoints(app, adsEndpoints, adsRoutes({ db, payments }));
  const stopBilling = startBillingJob({ db, payments, background }, config.billing);
  app.addHook('onClose', async () => stopBilling());

  if (context.adminToken) registerAdminEndpoint(app, { ...context, mailer, token: context.adminToken });

  await app.ready();
  return app;
}
