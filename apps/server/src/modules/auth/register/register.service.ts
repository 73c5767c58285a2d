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
  type ConsentState,
  type RegisterBody,
} from '@pinboard/shared';
import { isCommonPassword } from '@pinboard/shared/auth/common-passwords';
import { uniqueViolation } from '../../../db/sql-helpers.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { AuthDeps, AuthRequest } from '../auth-deps.ts';
import { findTakenUsernames, insertConsents, insertUser, isEmailRegistered } from '../auth.repository.ts';
import type { Executor } from '../../../db/client.ts';
import type { users } from '../../../db/schema/users.ts';
import type { SignedIn } from '../login/login.service.ts';
import { hashPassword } from '../passwords.ts';
import { startSession } from '../sessions/sessions.service.ts';
import {
  sendEmailVerification,
  type EmailVerificationDeps,
} from '../../settings/email-verification.service.ts';
import { findHeldFormerUsernames } from '../../profile/former-usernames.repository.ts';
import { formerUsernameHeldSince } from '../../profile/profile.service.ts';
import { endingSessions } from '../session-lookups.ts';

const USERNAME_MAX_LENGTH = 30;
const INSERT_ATTEMPTS = 3;

type NewUser = typeof users.$inferInsert;

/**
 * `POST /v3/register/` with email. Checks in the order a person fixes them (the form's fields
 * top to bottom), then creates the account, its consents and its first session in one
 * transaction. The rules' country is the server's idea of where the viewer is, never the body's.
 */
export async function registerWithEmail(
  deps: AuthDeps & EmailVerificationDeps,
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
  let signedIn: SignedIn;
  try {
    signedIn = await createAccount(deps, request, {
      usernameCandidate: usernameFromEmail(email),
      user: {
        email,
        passwordHash,
        firstName: body.first_name || firstNameFromEmail(email, { country: request.country }),
        lastName: body.last_name ?? '',
        country: body.country ?? request.country,
        gender: body.gender ?? null,
        birthday: isoDayOf(body.birthday),
        // Confirmed once the link mailed below is opened (decision 46).
        emailVerifiedAt: null,
      },
      consents: body.consents,
    });
  } catch (error) {
    // Two sign-ups raced for one address.
    if (uniqueViolation(error) === 'users_email_lower_key') throw new AppError('email_taken');
    throw signupFailed(error);
  }
  sendEmailVerification(deps, signedIn.userId, email, request.now);
  return signedIn;
}

/** An AppError as it is; anything else `signup_failed`, keeping the cause so the log says what failed. */
export const signupFailed = (error: unknown) =>
  error instanceof AppError ? error : Object.assign(new AppError('signup_failed'), { cause: error });

/** YYYY-MM-DD of a birthday in unix seconds (UTC midnight), or null. */
export const isoDayOf = (seconds: number | undefined) =>
  seconds === undefined ? null : new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * Makes an account as every sign-up does: the user, `inTransaction`'s rows (a provider's
 * identity), its consents and its first session in one transaction. A generated username another
 * sign-up took meanwhile is tried again with another; any other unique violation reaches the
 * caller as it is (to map to its own answer, then `signupFailed`).
 */
export async function createAccount(
  deps: Pick<AuthDeps, 'db'>,
  request: AuthRequest,
  input: {
    usernameCandidate: string;
    user: Omit<NewUser, 'username'>;
    consents: ConsentState | undefined;
    inTransaction?: (tx: Executor, userId: number) => Promise<void>;
  },
): Promise<SignedIn> {
  for (let attempt = 1; ; attempt++) {
    const username = await freeUsername(deps, input.usernameCandidate);
    try {
      return await endingSessions(
        deps.db.transaction(async (tx) => {
          const userId = await insertUser(tx, { ...input.user, username });
          await input.inTransaction?.(tx, userId);
          const consents = input.consents;
          if (consents) {
            await insertConsents(
              tx,
              CONSENT_KEYS.map((key) => ({ userId, key, granted: consents[key], country: request.country })),
            );
          }
          return { userId, cookies: await startSession(tx, { userId, request }) };
        }),
      );
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'users_username_lower_key' && attempt < INSERT_ATTEMPTS) continue;
      throw constraint ? error : signupFailed(error);
    }
  }
}

/** The candidate itself when free, else the candidate with a random number the database lacks. */
export async function freeUsername(deps: Pick<AuthDeps, 'db'>, candidate: string): Promise<string> {
  const suffixed = Array.from({ length: 8 }, () => {
    const suffix = String(randomInt(10, 100_000));
    return candidate.slice(0, USERNAME_MAX_LENGTH - suffix.length) + suffix;
  });
  const names = [candidate, ...suffixed].map((name) => name.toLowerCase());
  // A name someone left is held for them a while (decision 45): not offered to a sign-up.
  const taken = new Set([
    ...(await findTakenUsernames(deps.db, names)),
    ...(await findHeldFormerUsernames(deps.db, names, formerUsernameHeldSince(new Date()))),
  ]);
  return [candidate, ...suffixed].find((name) => !taken.has(name.toLowerCase())) ?? suffixed[0]!;
}
