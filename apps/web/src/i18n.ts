import type { ERRORS, ErrorCode } from '@pinboard/shared/errors';
import {
  cloneElement,
  createElement,
  Fragment,
  isValidElement,
  type ReactElement,
  type ReactNode,
} from 'react';
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

/** The one language the app speaks; what `Intl` formats numbers, dates and plurals for. */
export const language = 'en';

// One file per area (each feature owns its own): keys read `t('area.key')`.
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
type Words = typeof en & LazyWords;

// Typed keys: a `t('typo')` fails the typecheck instead of showing the key to users. A plural's
// forms (`key_one`, `key_other`, `key_zero`) are also one key, `key`, whose form `count` chooses.
type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type BaseKey<Key extends string> = Key extends `${infer Base}_${PluralForm}` ? Base : Key;
type KeysOf<Tree, Prefix extends string = ''> = {
  [Key in keyof Tree & string]: Tree[Key] extends string
    ? `${Prefix}${Key | BaseKey<Key>}`
    : Tree[Key] extends readonly unknown[]
      ? never
      : KeysOf<Tree[Key], `${Prefix}${Key}.`>;
}[keyof Tree & string];

/** Any key of the app's words. */
export type WordsKey = KeysOf<Words>;

/**
 * Values for a key's `{{name}}` marks (`{{count, number}}` and `{{date, datetime}}` format with
 * `Intl`, given a value's `Intl` options in `formatParams`); a number `count` also picks the
 * plural form.
 */
export type WordsValues = {
  count?: number;
  formatParams?: Record<string, Intl.NumberFormatOptions & Intl.DateTimeFormatOptions>;
} & Record<string, unknown>;

export type TFunction = (key: WordsKey, values?: WordsValues) => string;

type Tree = { [key: string]: string | Tree };

const store: Tree = en;

/** Merges `from` into `into`, keeping what `into` already has. */
function addMissing(into: Tree, from: Tree) {
  for (const [key, value] of Object.entries(from)) {
    const current = into[key];
    if (current === undefined) into[key] = value;
    else if (typeof current !== 'string' && typeof value !== 'string') addMissing(current, value);
  }
}

/**
 * An area's words, from its own lazy chunk (the first page does not carry them). Called only by
 * the area's `words.ts` module (`<area>Words.ts` where a folder holds two areas), which the
 * area's components import for this side effect, so the words arrive with the first of them.
 */
export function addLazyWords<Area extends keyof LazyWords>(area: Area, words: LazyWords[Area]) {
  addMissing(store, { [area]: words } as Tree);
}

function lookup(key: string): string | undefined {
  let node: string | Tree | undefined = store;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A group of words as it is in its area's file (a policy document: headings, paragraphs and
 * lists), for a page that lays it out itself; undefined until the area's words have loaded.
 */
export function wordsGroup<Area extends keyof Words, Name extends keyof Words[Area] & string>(
  area: Area,
  name: Name,
): Words[Area][Name] | undefined {
  return (store[area] as Record<string, unknown> | undefined)?.[name] as Words[Area][Name] | undefined;
}

const plurals = new Intl.PluralRules(language);

type FormatOptions = Intl.NumberFormatOptions & Intl.DateTimeFormatOptions;

function format(value: unknown, kind: string | undefined, options: FormatOptions | undefined): string {
  if (kind === 'number' && typeof value === 'number')
    return new Intl.NumberFormat(language, options).format(value);
  if (kind === 'datetime' && (value instanceof Date || typeof value === 'number'))
    return new Intl.DateTimeFormat(language, options).format(value);
  return String(value);
}

// `{{name}}` or `{{name, format}}` (number, datetime); a name may be a path into the values (`{{pin.title}}`).
const MARK = /\{\{\s*([^,}]+?)\s*(?:,\s*([^}]+?)\s*)?\}\}/g;

function interpolate(text: string, values: WordsValues): string {
  const formatParams = values.formatParams as Record<string, FormatOptions> | undefined;
  return text.replace(MARK, (mark, path: string, kind: string | undefined) => {
    let value: unknown = values;
    for (const part of path.split('.')) value = (value as Record<string, unknown> | null)?.[part];
    // A value not given leaves its mark, so the gap shows instead of reading as a sentence.
    return value === undefined || value === null ? mark : format(value, kind, formatParams?.[path]);
  });
}

/**
 * The words under `key`, with `values` put in their marks. With a number `count`, the plural form
 * `Intl.PluralRules` names for it (`key_one`, `key_other`), `key_zero` first for 0, then `key`
 * itself. A key without words reads as the key.
 */
export const t: TFunction = (key, values) => {
  let text: string | undefined;
  const count = values?.count;
  if (typeof count === 'number') {
    if (count === 0) text = lookup(`${key}_zero`);
    text ??= lookup(`${key}_${plurals.select(count)}`);
  }
  text ??= lookup(key) ?? key;
  return values ? interpolate(text, values) : text;
};

const translation = { t, i18n: { language } } as const;

/** The words' function and the language, for components (the same every render). */
export function useTranslation(): typeof translation {
  return translation;
}

// `<0>words</0>` marks the words the `components` at index 0 wraps; `<0/>` places it empty.
const TAG = /<(\d+)\s*\/>|<(\d+)>([\s\S]*?)<\/\2>/g;

function withComponents(text: string, components: readonly ReactElement[]): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const index = Number(match[1] ?? match[2]);
    const component = components[index];
    const inner = match[3];
    const children = inner === undefined ? [] : withComponents(inner, components);
    if (component && isValidElement(component))
      nodes.push(cloneElement(component, { key: nodes.length }, ...(children.length > 0 ? children : [])));
    else nodes.push(...children);
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

/**
 * Words with components inside: `<0>Log in</0>` in the words becomes `components[0]` with
 * "Log in" as its children.
 */
export function Trans({
  i18nKey,
  values,
  components,
}: {
  i18nKey: WordsKey;
  values?: WordsValues;
  components: readonly ReactElement[];
}): ReactNode {
  return createElement(Fragment, null, ...withComponents(t(i18nKey, values), components));
}
