import { ApiRequestError } from '../../api/client.ts';
import type { AuthModalApi, LoginPrompt } from './authModalContext.ts';

/** Whether a request was refused because the viewer's session has ended (401). */
export function isSessionEnd(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}

/** The follow buttons' login prompt, titled for what was tried ('Log in to follow', 'Log in to unfollow'). */
function promptFollowLogin(authModal: AuthModalApi, prompt: LoginPrompt) {
  authModal.open({ container: 'follow', signupSource: 'followButton', step: 'login', prompt });
}

/** A visitor's Follow (a person or a board) opens sign-up, 'Sign up to follow people you like'. */
export function promptFollowSignup(authModal: AuthModalApi) {
  authModal.open({ container: 'follow', signupSource: 'followButton', step: 'signup' });
}

/**
 * A follow or unfollow refused because the viewer's session has ended
 * (401) opens the login prompt titled for what they tried. Answers whether it did, so the
 * caller shows no error of its own.
 */
export function promptOnSessionEnd(authModal: AuthModalApi, error: unknown, prompt: LoginPrompt): boolean {
  if (!isSessionEnd(error)) return false;
  promptFollowLogin(authModal, prompt);
  return true;
}
