import type { SignupContainer, SignupSource } from '@pinboard/shared';
import type { TFunction } from '../../i18n.ts';
import type { AuthModalOptions } from './authModalContext.ts';

/** The source a container implies when the caller names none. */
const SOURCE_BY_CONTAINER: Partial<Record<SignupContainer, SignupSource>> = {
  home_page: 'homePage',
  save: 'saveButton',
  download: 'downloadImageBtnUnauth',
  follow: 'followButton',
  pinBookmarklet: 'pinBookmarklet',
};

export function signupSourceOf(options: AuthModalOptions): SignupSource {
  return options.signupSource ?? SOURCE_BY_CONTAINER[options.container] ?? 'defaultSource';
}

/**
 * The sign-up step's title (docs/product/accounts.md#screens). The product gives the
 * wording only for an inviter with their own picture and for respondMessage; the rest is ours,
 * in locales/en/auth.json under `titles`, one line per source saying what signing up gets.
 */
export function signupTitle(t: TFunction, options: AuthModalOptions): string {
  if (options.title) return options.title;
  if (options.respondMessage) return t('auth.titles.respondMessage', { name: options.respondMessage.name });
  const inviter = options.inviter;
  if (inviter && !inviter.is_default_image) {
    return t('auth.titles.inviter', { name: inviter.first_name || inviter.full_name });
  }
  return t(`auth.titles.${signupSourceOf(options)}`);
}

/**
 * The login step's title: a visitor's login prompt (docs/product/site.md#login-prompts), the business
 * variant, or ours.
 */
export function loginTitle(t: TFunction, options: AuthModalOptions): string {
  if (options.title) return options.title;
  if (options.prompt) return t(`auth.prompt.${options.prompt}`);
  if (options.container === 'revamped_business_login_page') return t('auth.titles.business');
  return t('auth.titles.login');
}
