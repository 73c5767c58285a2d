/**
 * The web routes (docs/product/site.md#routes, and the advertiser pages of docs/product/business.md) as one
 * table. The server answers every route here with the web app and anything else with a 404; the
 * router shows each route's page, or the 'coming soon' page until the feature that brings it lands.
 * Patterns use React Router's path syntax, relative to `/`: `pin/:id`, `settings/*` (a trailing
 * splat also matches the bare prefix, as the product's `/settings*` does). Free of zod so the web
 * bundle can import `@pinboard/shared/routes` cheaply.
 */

/**
 * Business-access and business-manager pages under `/{prefix}/{userBizId}/` (docs/product/site.md#routes).
 */
const BUSINESS_ACCESS_PAGES = [
  'dashboard',
  'asset-groups',
  'catalogs',
  'shared-tags',
  'brand-safety',
  'audiences',
  'security',
  'invoice-management',
  'ad-accounts/cee-migration',
];
/** The business-access pages built so far (decision 55). */
const BUILT_BUSINESS_ACCESS_PAGES = ['dashboard', 'security'];
const BUSINESS_HIERARCHY_PAGES = ['dashboard', 'hierarchy', 'business_security', 'managers'];

/** Advertiser tool pages (docs/product/business.md), each with its own sub-pages. */
const ADVERTISER_PAGES = [
  'reporting',
  'ads',
  'automated',
  'audiences',
  'audience_debug',
  'accounts_manager',
  'history',
  'shopping',
  'pin-builder',
  'quick-promote',
  'recommendations',
  'product-catalogs',
  'media_planner',
  'msot-optimizer',
  'campaign-insights',
  'report-center',
  'billing',
  'bulk_editor',
  'experiments',
  'conversions',
];

/** The feature that brings a route, with the issue that builds it (null: no issue planned yet). */
export const FEATURES = {
  browsing: { issue: 3 },
  signupLogin: { issue: 4 },
  accountRecovery: { issue: 5 },
  socialLogin: { issue: 6 },
  saving: { issue: 7 },
  creating: { issue: 8 },
  discovery: { issue: 9 },
  messaging: { issue: 19 },
  safety: { issue: 19 },
  liveVideo: { issue: null },
  business: { issue: 20 },
  advertising: { issue: 20 },
} as const satisfies Record<string, { issue: number | null }>;
export type FeatureName = keyof typeof FEATURES;

/** The route groups (docs/product/site.md#routes), plus the advertiser tool pages. */
export type RouteArea =
  'general' | 'pins' | 'discovery' | 'account' | 'boards' | 'other' | 'business' | 'advertiser';

export interface WebRoute {
  /** Stable name, unique in the table. */
  id: string;
  pattern: string;
  area: RouteArea;
  /** `available` once its page is built; until then the app shows the coming-soon page. */
  status: 'available' | 'comingSoon';
  feature: FeatureName;
}

const live = (id: string, pattern: string, area: RouteArea, feature: FeatureName = 'browsing'): WebRoute => ({
  id,
  pattern,
  area,
  status: 'available',
  feature,
});
const soon = (id: string, pattern: string, area: RouteArea, feature: FeatureName): WebRoute => ({
  id,
  pattern,
  area,
  status: 'comingSoon',
  feature,
});
const camel = (...words: string[]) =>
  words
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join('');

export const WEB_ROUTES: readonly WebRoute[] = [
  live('home', '', 'general'),
  soon('homefeed', 'homefeed', 'general', 'discovery'),
  live('login', 'login', 'general', 'signupLogin'),
  live('loginBusiness', 'login/business', 'general', 'signupLogin'),
  live('loginQr', 'login/qr/:id', 'general', 'signupLogin'),
  // Deeper login and sign-up paths the app has no page for yet; the static patterns above outrank these.
  soon('loginSubpage', 'login/*', 'general', 'signupLogin'),
  live('signup', 'signup', 'general', 'signupLogin'),
  soon('signupSubpage', 'signup/*', 'general', 'signupLogin'),
  soon('invited', 'invited/*', 'general', 'signupLogin'),
  // Not among the original routes, but the sign-up issue names it as a page.
  live('addAccount', 'add-account', 'general', 'signupLogin'),
  // The reset page (a mail's link with ?token=, or the recovery page without one); deeper paths later.
  live('passwordReset', 'password/reset', 'general', 'accountRecovery'),
  soon('passwordResetSubpage', 'password/reset/*', 'general', 'accountRecovery'),
  soon('passwordForUser', 'pw/:username', 'general', 'accountRecovery'),
  soon('securePanic', 'secure/panic/*', 'general', 'accountRecovery'),
  // Mail choices by a mail's link (or signed in), and the feedback form a digest links to (decision 53).
  live('emailSubscription', 'email/subscription/*', 'general', 'messaging'),
  live('emailUserSurvey', 'email/user_survey/*', 'general', 'messaging'),
  // Email confirmation: the mailed link's page, and where a bad link is explained.
  live('emailVerify', 'email/verify', 'general', 'signupLogin'),
  live('emailVerificationError', 'email_verification_error/*', 'general', 'signupLogin'),
  live('notifications', 'notifications/*', 'general', 'messaging'),

  live('pin', 'pin/:id', 'pins'),
  // A pin's comments as a page of their own (decision 51); the closeup shows them too.
  live('pinComments', 'pin/:id/comments', 'pins', 'messaging'),
  live('pinEdit', 'pin/:id/edit', 'pins', 'saving'),
  // The closeup (Save is on it): the pin-create page sends links to the product's own pins here.
  live('pinRepin', 'pin/:id/repin/*', 'pins', 'creating'),
  soon('pinVisualSearch', 'pin/:id/visual-search/*', 'pins', 'discovery'),
  soon('pinProducts', 'pin/:id/products/*', 'pins', 'discovery'),
  // The bookmarklet's and share links' pin-create page (docs/product/creating.md#pin-create-page); method
  // defaults to create.
  live('pinCreateDefault', 'pin/create', 'pins', 'creating'),
  live('pinCreate', 'pin/create/:method', 'pins', 'creating'),
  soon('pinRedirect', 'pin_redirect', 'pins', 'discovery'),

  // Search results by scope; a hashtag page is `search/pins/?q=%23tag`. Other paths later.
  live('searchPins', 'search/pins', 'discovery', 'discovery'),
  live('searchBoards', 'search/boards', 'discovery', 'discovery'),
  live('searchUsers', 'search/users', 'discovery', 'discovery'),
  soon('search', 'search/*', 'discovery', 'discovery'),
  // Ideas, today and topics: built from popular hashtags and recent saves.
  live('ideas', 'ideas', 'discovery', 'discovery'),
  live('ideasInterest', 'ideas/:interest/:id', 'discovery', 'discovery'),
  soon('videos', 'videos', 'discovery', 'discovery'),
  soon('videosCategory', 'videos/:category/:id', 'discovery', 'discovery'),
  soon('shopping', 'shopping', 'discovery', 'discovery'),
  soon('shoppingCategory', 'shopping/:category/:id', 'discovery', 'discovery'),
  live('topics', 'topics/*', 'discovery', 'discovery'),
  live('today', 'today', 'discovery', 'discovery'),
  ...['article', 'best', 'trending', 'popular'].map((kind) =>
    live(camel('today', kind), `today/${kind}/*`, 'discovery', 'discovery'),
  ),
  // Waits for products (shopping).
  soon('todayShop', 'today/shop/*', 'discovery', 'discovery'),
  soon('discoverArticle', 'discover/article/*', 'discovery', 'discovery'),

  soon('unauthProfile', 'unauth-profile/*', 'account', 'signupLogin'),
  // The settings pages (docs/product/settings.md). Each page adds its own entry;
  // any other `/settings/...` path is no page (404), never the coming-soon page.
  live('settings', 'settings', 'account', 'accountRecovery'),
  live('settingsSecurity', 'settings/security', 'account', 'accountRecovery'),
  live('settingsAccount', 'settings/account', 'account', 'accountRecovery'),
  // The product's older name of the account page: a redirect.
  live('settingsAccountSettings', 'settings/account-settings', 'account', 'accountRecovery'),
  live('settingsProfileVisibility', 'settings/profile-visibility', 'account', 'accountRecovery'),
  live('settingsPrivacy', 'settings/privacy', 'account', 'accountRecovery'),
  live('settingsNotifications', 'settings/notifications', 'account', 'accountRecovery'),
  live('settingsClaim', 'settings/claim', 'account', 'accountRecovery'),
  // Editing the profile.
  live('settingsProfile', 'settings/profile', 'account', 'accountRecovery'),
  // The interests that shape the home feed (decision 47).
  live('settingsHomeFeed', 'settings/home-feed', 'account', 'accountRecovery'),
  soon('oauth', 'oauth/*', 'account', 'socialLogin'),
  soon('appFactoryOauth', 'app-factory-oauth/*', 'account', 'socialLogin'),
  ...['pin-builder', 'story-pin-builder', 'idea-pin-builder'].map((page) =>
    live(camel(page), page, 'account', 'creating'),
  ),
  ...['pin-editor', 'pin-creation-tool'].map((page) => soon(camel(page), page, 'account', 'creating')),
  // Not among the original routes, but the pin-creation issue names it as a page.
  live('bookmarklet', 'bookmarklet', 'account', 'creating'),
  soon('ideaAdsTool', 'idea-ads-tool', 'account', 'advertising'),
  // Quick promote (decision 55).
  live('advertiserQuickPromote', 'advertiser/quick-promote', 'account', 'advertising'),
  // The save-success dialog's 'Promote your Pin' link (docs/product/saving.md#save-success-dialog) spells it
  // this way.
  live('advertiserQuickPromoteLink', 'advertiser/quick_promote', 'account', 'advertising'),

  // The mobile pin-create page's 'Create board' and 'Create section'
  // (docs/product/creating.md#pin-create-page).
  live('boardCreate', 'board/create', 'boards', 'creating'),
  live('boardCreateSection', 'board/:id/create_section', 'boards', 'creating'),
  // The board page with its owner's dialog open over it.
  live('boardEdit', 'board/:id/edit', 'boards', 'saving'),
  live('boardCollaborators', 'board/:id/collaborators', 'boards', 'saving'),
  live('boardAddCollaborators', 'board/:id/add_collaborators', 'boards', 'saving'),
  live('boardSectionEdit', 'boardsection/:id/edit', 'boards', 'saving'),
  live('profile', ':username', 'boards'),
  live('profileCreated', ':username/_created', 'boards'),
  live('board', ':username/:board', 'boards'),
  live('section', ':username/:board/:section', 'boards'),

  live('conversation', 'conversation/:id', 'other', 'messaging'),
  // Moderation's pages (decision 54; docs/product/safety.md).
  live('appealedPin', 'appealed-pin', 'other', 'safety'),
  live('reportsAndViolations', 'reports-and-violations', 'other', 'safety'),
  live('ageAppeal', 'age-appeal/*', 'other', 'safety'),
  soon('tvStudio', 'tv/studio/*', 'other', 'liveVideo'),
  soon('signupSsoBusinessAccount', 'signup/sso-business-account/*', 'other', 'socialLogin'),
  // The terms and privacy policy the sign-up form links to (docs/product/accounts.md#screens); the page knows
  // which exist.
  live('policy', '_/_/policy/:policy', 'other', 'signupLogin'),

  // Business access's dashboard and security pages are built (decision 55); the rest come later.
  ...['business-access', 'business-manager'].flatMap((prefix) =>
    BUSINESS_ACCESS_PAGES.map((page) =>
      (BUILT_BUSINESS_ACCESS_PAGES.includes(page) ? live : soon)(
        camel(prefix, page),
        `${prefix}/:userBizId/${page}`,
        'business',
        'business',
      ),
    ),
  ),
  ...BUSINESS_HIERARCHY_PAGES.map((page) =>
    soon(camel('businessHierarchy', page), `business-hierarchy/:id/${page}`, 'business', 'business'),
  ),
  ...['create', 'invite/*', 'convert', 'hub'].map((page) =>
    live(camel('business', page.split('/')[0]!), `business/${page}`, 'business', 'business'),
  ),
  ...['commerce-integrations', 'catalogs/:id'].map((page) =>
    soon(camel('business', page.split('/')[0]!), `business/${page}`, 'business', 'business'),
  ),

  // An ad account's billing page: its billing details, payment method and invoices (decision 62); the
  // billing pages under it come later.
  live('advertiserAccountBillingPage', 'advertiser/:advertiserId/billing', 'advertiser', 'advertising'),
  // The Ads manager and Reporting pages of an ad account (decision 65); the pages under them come later.
  live('advertiserAccountAdsPage', 'advertiser/:advertiserId/ads', 'advertiser', 'advertising'),
  live('advertiserAccountReportingPage', 'advertiser/:advertiserId/reporting', 'advertiser', 'advertising'),
  // An ad account's conversion tags, each with the snippet its site pastes (decision 69).
  live(
    'advertiserAccountConversionTagsPage',
    'advertiser/:advertiserId/conversions',
    'advertiser',
    'advertising',
  ),
  ...ADVERTISER_PAGES.map((page) =>
    soon(camel('advertiserAccount', page), `advertiser/:advertiserId/${page}/*`, 'advertiser', 'advertising'),
  ),
  // Without an advertiser id the same pages sit at the top level too, except those the
  // table already has and `ads`, whose top-level path is the product's ads API.
  ...ADVERTISER_PAGES.filter((page) => !['ads', 'shopping', 'pin-builder'].includes(page)).map((page) =>
    soon(camel(page), `${page}/*`, 'advertiser', 'advertising'),
  ),
];
