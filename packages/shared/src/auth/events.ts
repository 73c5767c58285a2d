import { z } from 'zod';
import { AuthStepSchema, LoginTypeSchema, SignupContainerSchema } from './enums.ts';

/**
 * Analytics the modal sends to `POST /v3/events/` (docs/product/accounts.md#api-calls: view,
 * click and dismiss for sign-up steps; login and sign-up attempts with their outcome and type).
 */
export const AuthEventSchema = z.strictObject({
  name: z.enum([
    'step_view',
    'step_click',
    'step_dismiss',
    'login_attempt',
    'login_success',
    'login_fail',
    'signup_attempt',
    'signup_success',
    'signup_fail',
    // The pin-create page (docs/product/creating.md#api-calls); `element` holds the method and the pin id.
    'pin_create_success',
    'pin_create_fail',
  ]),
  step: AuthStepSchema.optional(),
  container: SignupContainerSchema.optional(),
  login_type: LoginTypeSchema.optional(),
  /** What was clicked, e.g. `continue_with_email`; short so events cannot carry typed text. */
  element: z.string().max(64).optional(),
});
export type AuthEvent = z.infer<typeof AuthEventSchema>;

/** The web batches events; 50 bounds one request. */
export const AuthEventsBodySchema = z.strictObject({
  events: z.array(AuthEventSchema).min(1).max(50),
});
export type AuthEventsBody = z.infer<typeof AuthEventsBodySchema>;
