import { EmailSchema, emailContainsProductName, type AuthEvent } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { insertAuthEvents, isEmailRegistered } from './auth.repository.ts';

/** `GET /v3/register/exists/`: true when an account has this address (any case). */
export function isEmailTaken(db: Executor, email: string): Promise<boolean> {
  return isEmailRegistered(db, email);
}

/** An address sign-up would accept: the shared format and domain rules, and not the product's name. */
export function isEmailValid(email: string): boolean {
  const parsed = EmailSchema.safeParse(email);
  return parsed.success && !emailContainsProductName(parsed.data);
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
