import type { ERRORS, ErrorCode } from '@pinboard/shared/errors';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import app from './locales/en/app.json';
import home from './locales/en/home.json';
import pin from './locales/en/pin.json';
import notFound from './locales/en/notFound.json';
import routeError from './locales/en/routeError.json';
import shell from './locales/en/shell.json';
import closeup from './locales/en/closeup.json';
import profile from './locales/en/profile.json';
import board from './locales/en/board.json';
import comingSoon from './locales/en/comingSoon.json';
import authAccount from './locales/en/authAccount.json';
import emailVerification from './locales/en/emailVerification.json';
// Only their types: the error catalogue's words, the sign-up and login flows, the policy pages, the settings pages, the QR code
// login, saving, board actions and search add their words when their lazy chunks load (addLazyWords).
import type auth from './locales/en/auth.json';
import type policy from './locales/en/policy.json';
import type settings from './locales/en/settings.json';
import type accountSettings from './locales/en/accountSettings.json';
import type qr from './locales/en/qr.json';
import type saving from './locales/en/saving.json';
import type boardActions from './locales/en/boardActions.json';
import type moving from './locales/en/moving.json';
import type pinCreate from './locales/en/pinCreate.json';
import type bookmarklet from './locales/en/bookmarklet.json';
import type pinBuilder from './locales/en/pinBuilder.json';
import type ideaPins from './locales/en/ideaPins.json';
import type story from './locales/en/story.json';
import type search from './locales/en/search.json';
import type offsite from './locales/en/offsite.json';
import type discover from './locales/en/discover.json';
import type people from './locales/en/people.json';
import type ssr from './locales/en/ssr.json';
import type notifications from './locales/en/notifications.json';
import type emailMail from './locales/en/emailMail.json';
import type pinMenu from './locales/en/pinMenu.json';
import type comments from './locales/en/comments.json';
import type messages from './locales/en/messages.json';
import type business from './locales/en/business.json';
import type moderation from './locales/en/moderation.json';

/** The error catalogue's messages by code (`errors.<code>`), added by api/errorsWords.ts. */
export type ErrorMessages = { [Code in ErrorCode]: (typeof ERRORS)[Code]['message'] };

export const defaultNS = 'translation';

// One file per area (each feature owns its own), one namespace: keys read `t('area.key')`.
const en = {
  app,
  home,
  pin,
  notFound,
  routeError,
  shell,
  closeup,
  profile,
  board,
  comingSoon,
  // The shell's banner for an unconfirmed email, and the confirmation link's pages.
  emailVerification,
  // The official account of a pin's website, in the save dialog.
  // The account menu is in the header; the rest of `auth` comes with the sign-up and login code.
  auth: { account: authAccount },
};
export const resources = { en: { translation: en } } as const;
type LazyWords = {
  errors: ErrorMessages;
  auth: typeof auth;
  policy: typeof policy;
  settings: typeof settings;
  accountSettings: typeof accountSettings;
  qr: typeof qr;
  saving: typeof saving;
  boardActions: typeof boardActions;
  moving: typeof moving;
  pinCreate: typeof pinCreate;
  bookmarklet: typeof bookmarklet;
  pinBuilder: typeof pinBuilder;
  ideaPins: typeof ideaPins;
  story: typeof story;
  search: typeof search;
  offsite: typeof offsite;
  discover: typeof discover;
  notifications: typeof notifications;
  emailMail: typeof emailMail;
  pinMenu: typeof pinMenu;
  messages: typeof messages;
  moderation: typeof moderation;
  people: typeof people;
  comments: typeof comments;
  business: typeof business;
  /** The server render's head words (link previews, search engines); never in the browser's bundle. */
  ssr: typeof ssr;
};
type Resources = { translation: typeof en & LazyWords };

// Typed keys: a `t('typo')` fails the typecheck instead of showing the key to users.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    resources: Resources;
  }
}

// Resources are bundled, so initialise synchronously: the first render already has its text.
void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  defaultNS,
  resources,
  initAsync: false,
  showSupportNotice: false,
  // React escapes output itself.
  interpolation: { escapeValue: false },
});

/**
 * An area's words, from its own lazy chunk (the first page does not carry them). Called only by
 * the area's `words.ts` module (`<area>Words.ts` where a folder holds two areas), which the
 * area's components import for this side effect, so the words arrive with the first of them.
 */
export function addLazyWords<Area extends keyof LazyWords>(area: Area, words: LazyWords[Area]) {
  i18next.addResourceBundle('en', defaultNS, { [area]: words }, true, false);
}

export { i18next };
