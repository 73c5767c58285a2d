import type { LoginBody, LoginResult, RegisterBody, RegisterResult } from '@pinboard/shared';
import { api } from '../../api/endpoints.ts';
import type { AltchaChallenge } from './botCheck/altcha.ts';

/** `getBotCheckChallenge`: which bot check the server runs, and ALTCHA's challenge. */
export interface BotCheckChallenge {
  provider: 'altcha' | 'recaptcha' | 'off';
  challenge: AltchaChallenge | null;
  site_key: string | null;
}

// The sign-up and login calls (docs/product/accounts.md#api-calls); each returns the envelope's data.

export async function checkEmailExists(email: string, signal?: AbortSignal): Promise<boolean> {
  return (await api.checkEmailExists({ query: { email } }, { signal })).data;
}

/** The server's own verdict on an address (it may refuse more domains than the shared list). */
export async function validateEmail(email: string, signal?: AbortSignal): Promise<boolean> {
  return (await api.validateEmail({ query: { email } }, { signal })).data.is_valid;
}

/** `new_account` false: a provider's identity that already had an account signed in instead. */
export async function register(body: RegisterBody): Promise<RegisterResult> {
  return (await api.signUp({ body })).data;
}

export async function logIn(body: LoginBody): Promise<LoginResult> {
  return (await api.logIn({ body })).data;
}

export async function fetchBotCheckChallenge(signal?: AbortSignal): Promise<BotCheckChallenge> {
  // The schema leaves ALTCHA's challenge as the widget's own JSON.
  return (await api.getBotCheckChallenge({}, { signal })).data as BotCheckChallenge;
}
