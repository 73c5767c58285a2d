import { EmailSchema, type AuthEvent } from '@pinboard/shared';
import type { Executor } from '../../../db/client.ts';
import { insertAuthEvents, isEmailRegistered } from '../auth.repository.ts';

/** `GET /v3/register/exists/`: true when an account has this address (any case). */
export function isEmailTaken(db: Executor, email: string): Promise<boolean> {
  return isEmailRegistered(db, email);
}

/**
 * `GET /v3/email/validation/`: the shared format and domain rules. An address with the product's
 * name is valid here: sign-up refuses it with its own message (email_contains_product_name),
 * which the form would lose if this answered the generic 'not a valid email'.
 */
export function isEmailValid(email: string): boolean {
  return EmailSchema.safeParse(email).success;
}

/** Stores a batch of the modal's analytics events; answers how many. */
export async function recordAuthEvents(
  db: Executor,
  events: AuthEvent[],
  context: { userId: number | null; country: string },
): Promise<number> {
  await insertAuthEvents(
    db,
    events.map((event) => ({
      name: event.name,
      step: event.step ?? null,
      container: event.container ?? null,
      loginType: event.login_type ?? null,
      element: event.element ?? null,
      userId: context.userId,
      country: context.country,
    })),
  );
  return events.length;
}
