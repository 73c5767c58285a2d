import type { SignupContainer, SignupSource } from '@pinboard/shared';
import { createContext, useContext } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { RecoveryModalCode } from './recovery.ts';
import type { SocialOutcome } from './social/outcomes.ts';

/** Who invited the visitor to a board (docs/product/boards.md#invitations). */
export interface Inviter {
  first_name: string;
  full_name: string;
  image_medium_url: string | null;
  is_default_image: boolean;
}

/** The login prompt a visitor gets for an action that needs an account. */
export type LoginPrompt = 'continue' | 'follow' | 'unfollow';

export interface AuthModalOptions {
  container: SignupContainer;
  signupSource?: SignupSource;
  /** The first step; `login` for the login page and the prompts, else `signup`. */
  step?: 'signup' | 'login';
  /** Where to go after success (a same-site path; anything else falls back to `/`). */
  next?: string;
  /** The pin the save and download containers show. */
  pinId?: string;
  inviter?: Inviter;
  /** The respondMessage variant: whose message the visitor answers. */
  respondMessage?: { name: string };
  /** A title that replaces the one chosen by source. */
  title?: string;
  prompt?: LoginPrompt;
  /** Log in as another account, keeping this one (the /add-account page). */
  switchAccount?: boolean;
  /** Opens on this account-recovery modal (the `aec` parameter), with the login behind it. */
  recovery?: RecoveryModalCode;
  /**
   * Continues a sign-up the one-tap card started where it needs the modal's steps (a birthday,
   * an email, consents, a code, a recovery modal, the provider-down modal).
   */
  continueSocial?: SocialOutcome;
}

export interface AuthModalApi {
  open: (options: AuthModalOptions) => void;
  close: () => void;
  /**
   * For a visitor, opens sign-up titled by the options' signupSource (a visitor's Save, Download,
   * Follow and comment field: docs/product/site.md#login-prompts) and returns true, so the caller
   * skips its action; false for a signed-in viewer or one not known yet. Reads the viewer at the
   * click, so a grid of cards does not re-render with it.
   */
  promptSignup: (options: Omit<AuthModalOptions, 'step'>) => boolean;
}

export const AuthModalContext = createContext<AuthModalApi | null>(null);

/**
 * Opens the sign-up/login modal. Outside an AuthModalProvider (a component tested alone), it
 * falls back to the login page, which comes back here afterwards.
 */
export function useAuthModal(): AuthModalApi {
  const api = useContext(AuthModalContext);
  const navigate = useNavigate();
  const location = useLocation();
  if (api) return api;
  return {
    open: (options) => {
      const next = options.next ?? `${location.pathname}${location.search}`;
      void navigate(`/login/?next=${encodeURIComponent(next)}`);
    },
    close: () => {},
    promptSignup: () => false,
  };
}
