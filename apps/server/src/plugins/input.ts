import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasRefusedCharacter } from '@pinboard/shared';
import { AppError } from '../lib/app-error.ts';
import { failure } from '../lib/envelope.ts';
import { toAppError } from './errors.ts';

/**
 * The longest path parameter the router hands to a route. Above every length a route's own
 * schema allows (the longest is 300), so the schema refuses a long value with the field named;
 * a longer one is answered `uri_too_long` before routing.
 */
export const MAX_PARAM_LENGTH = 500;

/**
 * Fastify's own refusals before a route runs (a path with malformed percent-encoding, a path
 * parameter over MAX_PARAM_LENGTH): no hook or error handler runs for them, so they are turned
 * into the envelope here, by the error handler's own mapping.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const appError = toAppError(error);
  request.log.info({ code: appError.code, field: appError.field }, 'request refused');
  void reply.code(appError.status).send(failure(appError));
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers over the size limit,
 * a request line that is not HTTP, a request that never finishes arriving): answered in the
 * envelope when nothing was written on the connection yet, then the connection is closed.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const appError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError('headers_too_large')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new AppError('request_timeout')
        : new AppError('invalid_request', { detail: 'The request is not valid HTTP.' });
  this.log.debug({ err: error, code: appError.code }, 'client error');
  // A response already under way on this connection (pipelining) cannot be followed by another.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(failure(appError));
  const headers = {
    ...(this.hasDecorator('securityHeaders') ? this.securityHeaders(undefined) : {}),
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  // end(), not write() and destroy(): a socket destroyed while the client is still sending its
  // oversized request is reset before the answer arrives (Node 24). The timer bounds a client
  // that never stops sending.
  socket.end(`HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status]}\r\n${head.join('')}\r\n${body}`);
  setTimeout(() => socket.destroy(), 1000).unref();
}

/** The dotted path of the first string (or key) with a refused character, or null. */
export function refusedCharacterAt(value: unknown): string | null {
  // Iterative, so a deeply nested body cannot exhaust the stack.
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (hasRefusedCharacter(current)) return path;
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (hasRefusedCharacter(key)) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}

/**
 * One rule for every string a route receives, in its path, query or JSON body: NUL and the other
 * control characters (tab and line breaks apart) and unpaired surrogates are refused with the
 * field named, before validation and before any service or the database sees them.
 */
export function registerInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = refusedCharacterAt(part);
      if (field !== null) {
        throw new AppError('invalid_characters', {
          ...(field ? { field } : {}),
          detail:
            'Control characters (other than tab and line breaks) and unpaired surrogates are not accepted.',
        });
      }
    }
  });
}
