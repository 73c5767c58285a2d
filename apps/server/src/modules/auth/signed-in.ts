import type { FastifyReply } from 'fastify';
import type { LoginResult } from '@pinboard/shared';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { ok } from '../../lib/envelope.ts';
import { getViewer } from '../users/viewer.service.ts';
import { setAuthCookies } from './auth-cookies.ts';
import type { AuthRequest } from './auth-deps.ts';
import type { IssuedAuthCookies } from './sessions/sessions.service.ts';

export interface SignedInAnswerDeps {
  db: Database;
  config: Pick<Config, 'consentCountries'>;
  secureCookies: boolean;
}

/**
 * The answer of a call that signs the browser in or out: the viewer it is once the new cookies
 * (`issued`, if any) are in the browser.
 */
export async function presentSignedIn(
  deps: Pick<SignedInAnswerDeps, 'db' | 'config'>,
  request: AuthRequest,
  userId: number | null,
  issued?: IssuedAuthCookies,
): Promise<LoginResult> {
  const user = await getViewer(deps.db, {
    userId,
    recognitionToken: issued?.recognition ?? request.cookies.recognition,
    groupToken: issued?.group ?? request.cookies.group,
    country: request.country,
    consentCountries: deps.config.consentCountries,
    now: request.now,
  });
  return { user };
}

/**
 * Puts a sign-in's cookies on the reply, and answers with the viewer the browser now is, plus
 * `extra` fields of the call's own answer (sign-up's `new_account`).
 */
export async function answerSignedIn<Extra extends object = Record<never, never>>(
  deps: SignedInAnswerDeps,
  reply: FastifyReply,
  request: AuthRequest,
  signedIn: { userId: number; cookies: IssuedAuthCookies },
  extra?: Extra,
) {
  setAuthCookies(reply, signedIn.cookies, deps.secureCookies);
  const answer = await presentSignedIn(deps, request, signedIn.userId, signedIn.cookies);
  return ok({ ...answer, ...(extra as Extra) });
}
