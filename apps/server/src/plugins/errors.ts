import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, matchWebRoute, type ErrorCode } from '@pinboard/shared';
import { AppError } from '../lib/app-error.ts';
import { failure } from '../lib/envelope.ts';
import { sendWebApp, wantsWebApp } from './web-app.ts';
import { rendersOnServer, sendRenderedPage } from './web-pages.ts';

const FASTIFY_CODES: Record<string, AppError['code']> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_request',
};

/** Turns whatever was thrown into an AppError; anything unexpected becomes `internal`. */
export function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  // Refused by the router before any route (frameworkErrors in plugins/input.ts).
  if (error.code === 'FST_ERR_BAD_URL') {
    return new AppError('invalid_request', {
      field: 'path',
      message: 'The address is not valid.',
      detail: 'The path has malformed percent-encoding.',
    });
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return new AppError('uri_too_long', { field: 'path', detail: 'A path parameter is too long.' });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0];
    const path = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
    if (issue?.keyword === 'unrecognized_keys') {
      const key = (issue.params as { keys?: string[] }).keys?.[0] ?? '';
      return new AppError('unknown_field', {
        field: path ? `${path}.${key}` : key,
        detail: `Unknown field '${key}'.`,
      });
    }
    // Shared schemas name their failure by its catalogue code (`min(1, { error: 'email_required' })`):
    // the answer then carries that code's status, text and the field the issue was about.
    if (issue?.message && Object.hasOwn(ERRORS, issue.message)) {
      return new AppError(issue.message as ErrorCode, path ? { field: path } : {});
    }
    return new AppError('invalid_request', {
      ...(path ? { field: path, message: `The field '${path}' is not valid.` } : {}),
      ...(issue?.message ? { detail: issue.message } : {}),
    });
  }
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped) return new AppError(mapped, { detail: error.message });
  if (error instanceof SyntaxError) return new AppError('invalid_json', { detail: error.message });
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('invalid_request', { detail: error.message, status: error.statusCode });
  }
  if (isWriteConflict(error)) return new AppError('write_conflict');
  return new AppError('internal');
}

/**
 * PostgreSQL's deadlock and serialization failures (SQLSTATE 40P01, 40001): two writes met at
 * the same rows at the same moment and the database undid one of them whole. Nothing changed,
 * so the answer says to try again rather than that the server failed. Drizzle wraps the
 * driver's error in `cause`.
 */
const WRITE_CONFLICT_STATES = new Set(['40P01', '40001']);
function isWriteConflict(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && WRITE_CONFLICT_STATES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** One error handler and one not-found handler for the whole app. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code, field: appError.field }, 'request refused');
    return reply.code(appError.status).send(failure(appError));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?', 1)[0]!;
    // A page view gets the app either way (it shows its own 404 page); the status tells
    // crawlers and tools whether the route catalogue knows the path.
    if (app.hasDecorator('webAppIndexHtml') && wantsWebApp(request)) {
      // Rendered on the server when the build has its server entry; its status is 404 for a
      // missing or hidden object too.
      if (app.webAppRenderer && rendersOnServer(path)) return sendRenderedPage(request, reply);
      return sendWebApp(reply, matchWebRoute(path) ? 200 : 404);
    }
    return reply.code(404).send(failure(new AppError('not_found', { detail: `${request.method} ${path}` })));
  });
}
