import { ApiRequestError } from '../../api/client.ts';
import type { AuthModalApi, LoginPrompt } from './authModalContext.ts';

/**
 * Spec 3 section 2.7: a follow or unfollow refused because the viewer's session has ended
 * (401) opens the login prompt titled for what they tried ('Log in to follow', 'Log in to
 * unfollow'). Answers whether it did, so the caller shows no error of its own.
 */
export function promptOnSessionEnd(authModal: AuthModalApi, error: unknown, prompt: LoginPrompt): boolean {
  if (!(error instanceof ApiRequestError) || error.status !== 401) return false;
  authModal.open({ container: 'follow', signupSource: 'followButton', step: 'login', prompt });
  return true;
}
