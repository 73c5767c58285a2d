import { randomInt } from 'node:crypto';
import {
  CONSENT_KEYS,
  DEFAULT_PASSWORD_RULES,
  canSubmitConsents,
  checkBirthday,
  checkPassword,
  emailContainsProductName,
  firstNameFromEmail,
  usernameFromEmail,
  type RegisterBody,
} from '@pinboard/shared';
import { isCommonPassword } from '@pinboard/shared/auth/common-passwords';
import { uniqueViolation } from '../../db/sql-helpers.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthDeps, AuthRequest } from './auth-deps.ts';
import { findTakenUsernames, insertConsents, insertUser, isEmailRegistered } from './auth.repository.ts';
import type { SignedIn } from './login.service.ts';
import { hashPassword } from './passwords.ts';
import { startSession } from './sessions.service.ts';

const USERNAME_MAX_LENGTH = 30;
const INSERT_ATTEMPTS = 3;

/**
 * `POST /v3/register/` with email. Checks in the order a person fixes them (the form's fields
 * top to bottom), then creates the account, its consents and its first session in one
 * transaction. The rules' country is the server's idea of where the viewer is, never the body's.
 */
export async function registerWithEmail(
  deps: AuthDeps,
  body: RegisterBody,
  request: AuthRequest,
): Promise<SignedIn> {
  if (request.viewer.userId !== null) throw new AppError('already_logged_in');
  if (body.type !== 'email') throw new AppError('signup_method_unavailable', { field: 'type' });
  const person = await deps.botCheck.verify(body.recaptchaV3Token, { action: 'web_signup', ip: request.ip });
  if (!person) throw new AppError('bot_check_failed');

  const email = body.email;
  if (emailContainsProductName(email)) throw new AppError('email_contains_product_name');
  const passwordProblem = checkPassword(body.password, DEFAULT_PASSWORD_RULES, { email, isCommonPassword });
  if (passwordProblem) throw new AppError(passwordProblem);
  const birthdayProblem = checkBirthday(body.birthday, { now: request.now, country: request.country });
  if (birthdayProblem) throw new AppError(birthdayProblem);
  const consentRequired = deps.config.consentCountries.includes(request.country);
  if (consentRequired && !(body.consents && canSubmitConsents(body.consents))) {
    throw new AppError('consent_required');
  }
  if (await isEmailRegistered(deps.db, email)) throw new AppError('email_taken');

  const passwordHash = await hashPassword(body.password);
  const firstName = body.first_name || firstNameFromEmail(email, { country: request.country });
  for (let attempt = 1; ; attempt++) {
    const username = await freeUsername(deps, usernameFromEmail(email));
    try {
      return await deps.db.transaction(async (tx) => {
        const userId = await insertUser(tx, {
          username,
          email,
          passwordHash,
          firstName,
          lastName: body.last_name ?? '',
          country: body.country ?? request.country,
          gender: body.gender ?? null,
          birthday:
            body.birthday === undefined ? null : new Date(body.birthday * 1000).toISOString().slice(0, 10),
        });
        const consents = body.consents;
        if (consents) {
          await insertConsents(
            tx,
            CONSENT_KEYS.map((key) => ({ userId, key, granted: consents[key], country: request.country })),
          );
        }
        const cookies = await startSession(tx, {
          userId,
          cookies: request.cookies,
          currentSessionIdHash: null,
          switchAccount: false,
          userAgent: request.userAgent,
          ip: request.ip,
          now: request.now,
        });
        return { userId, cookies };
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      // Two sign-ups raced for one address, or for one generated username (then try another).
      if (constraint === 'users_email_lower_key') throw new AppError('email_taken');
      if (constraint === 'users_username_lower_key' && attempt < INSERT_ATTEMPTS) continue;
      // Kept as the cause, so the log says what really failed.
      throw Object.assign(new AppError('signup_failed'), { cause: error });
    }
  }
}

/** The candidate itself when free, else the candidate with a random number the database lacks. */
export async function freeUsername(deps: Pick<AuthDeps, 'db'>, candidate: string): Promise<string> {
  const suffixed = Array.from({ length: 8 }, () => {
    const suffix = String(randomInt(10, 100_000));
    return candidate.slice(0, USERNAME_MAX_LENGTH - suffix.length) + suffix;
  });
  const taken = await findTakenUsernames(deps.db, [candidate, ...suffixed]);
  return [candidate, ...suffixed].find((name) => !taken.has(name.toLowerCase())) ?? suffixed[0]!;
}
