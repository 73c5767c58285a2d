import { describe, expect, it } from 'vitest';
import { FEATURES, isReservedUsername, matchWebRoute, RESERVED_WORDS, WEB_ROUTES } from './routes.ts';

const idOf = (path: string) => matchWebRoute(path)?.route.id ?? null;

describe('the route table', () => {
  it('has unique ids and unique patterns', () => {
    expect(new Set(WEB_ROUTES.map((r) => r.id)).size).toBe(WEB_ROUTES.length);
    expect(new Set(WEB_ROUTES.map((r) => r.pattern)).size).toBe(WEB_ROUTES.length);
  });

  it('has the browsing, sign-up, reset, settings, saving, moderation and built business pages available and everything else coming with a later feature', () => {
    const available = WEB_ROUTES.filter((r) => r.status === 'available');
    expect(
      available
        .filter((r) => r.feature === 'browsing')
        .map((r) => r.id)
        .sort(),
    ).toEqual(['board', 'home', 'pin', 'profile', 'profileCreated', 'section']);
    expect(
      available
        .filter((r) => r.feature === 'signupLogin')
        .map((r) => r.id)
        .sort(),
    ).toEqual([
      'addAccount',
      'emailVerificationError',
      'emailVerify',
      'login',
      'loginBusiness',
      'loginQr',
      'policy',
      'signup',
    ]);
    expect(
      available
        .filter((r) => r.feature === 'accountRecovery')
        .map((r) => r.id)
        .sort(),
    ).toEqual([
      'passwordReset',
      'settings',
      'settingsAccount',
      'settingsAccountSettings',
      'settingsClaim',
      'settingsHomeFeed',
      'settingsNotifications',
      'settingsPrivacy',
      'settingsProfile',
      'settingsProfileVisibility',
      'settingsSecurity',
    ]);
    expect(
      available
        .filter((r) => r.feature === 'creating')
        .map((r) => r.id)
        .sort(),
    ).toEqual([
      'boardCreate',
      'boardCreateSection',
      'bookmarklet',
      'ideaPinBuilder',
      'pinBuilder',
      'pinCreate',
      'pinCreateDefault',
      'pinRepin',
      'storyPinBuilder',
    ]);
    expect(
      available
        .filter((r) => r.feature === 'discovery')
        .map((r) => r.id)
        .sort(),
    ).toEqual([
      'ideas',
      'ideasInterest',
      'searchBoards',
      'searchPins',
      'searchUsers',
      'today',
      'todayArticle',
      'todayBest',
      'todayPopular',
      'todayTrending',
      'topics',
    ]);
    expect(
      available
        .filter((r) => r.feature === 'messaging')
        .map((r) => r.id)
        .sort(),
    ).toEqual(['conversation', 'emailSubscription', 'emailUserSurvey', 'notifications', 'pinComments']);
    expect(
      available
        .filter((r) => r.feature === 'saving')
        .map((r) => r.id)
        .sort(),
    ).toEqual(['boardAddCollaborators', 'boardCollaborators', 'boardEdit', 'boardSectionEdit', 'pinEdit']);
    expect(
      available
        .filter((r) => r.feature === 'business' || r.feature === 'advertising')
        .map((r) => r.id)
        .sort(),
    ).toEqual([
      'advertiserAccountAdsPage',
      'advertiserAccountBillingPage',
      'advertiserAccountConversionTagsPage',
      'advertiserAccountReportingPage',
      'advertiserQuickPromote',
      'advertiserQuickPromoteLink',
      'businessAccessDashboard',
      'businessAccessSecurity',
      'businessConvert',
      'businessCreate',
      'businessHub',
      'businessInvite',
      'businessManagerDashboard',
      'businessManagerSecurity',
    ]);
    expect(
      available
        .filter((r) => r.feature === 'safety')
        .map((r) => r.id)
        .sort(),
    ).toEqual(['ageAppeal', 'appealedPin', 'reportsAndViolations']);
    expect(
      available.every((r) =>
        [
          'browsing',
          'signupLogin',
          'accountRecovery',
          'creating',
          'discovery',
          'messaging',
          'saving',
          'business',
          'advertising',
          'safety',
        ].includes(r.feature),
      ),
    ).toBe(true);
    for (const route of WEB_ROUTES.filter((r) => r.status === 'comingSoon')) {
      expect(route.feature, route.id).not.toBe('browsing');
      expect(FEATURES[route.feature]).toBeDefined();
    }
  });

  it('uses only static segments, parameters and a trailing splat', () => {
    for (const { pattern } of WEB_ROUTES) {
      expect(pattern, pattern).toMatch(/^((:[A-Za-z]+|[A-Za-z0-9_.-]+)(\/|$))*(\*)?$/);
      expect(pattern.startsWith('/')).toBe(false);
    }
  });
});

describe('reserved words', () => {
  it('holds every static first segment of the table and the common ones', () => {
    for (const word of ['login', 'settings', 'pin', 'business-access', 'tv', 'advertiser', 'billing']) {
      expect(RESERVED_WORDS.has(word), word).toBe(true);
    }
    for (const word of ['about', 'admin', 'api', 'assets', 'media', 'v3', 'vx', 'ads', '_', '__dev']) {
      expect(isReservedUsername(word), word).toBe(true);
    }
  });

  it('ignores case and leaves ordinary names alone', () => {
    expect(isReservedUsername('Settings')).toBe(true);
    expect(isReservedUsername('maya_lindqvist')).toBe(false);
    expect(isReservedUsername('theo.okafor')).toBe(false);
  });
});

describe('matchWebRoute', () => {
  it.each([
    ['/', 'home'],
    ['/pin/123/', 'pin'],
    ['/pin/create/bookmarklet/', 'pinCreate'],
    ['/pin/create', 'pinCreateDefault'],
    ['/pin/123/repin/x/', 'pinRepin'],
    ['/board/create/', 'boardCreate'],
    ['/board/42/create_section/', 'boardCreateSection'],
    ['/login', 'login'],
    ['/login/', 'login'],
    ['/LOGIN/?next=/pin/1/', 'login'],
    ['/login/business/', 'loginBusiness'],
    ['/login/qr/AbC-123_x/', 'loginQr'],
    ['/login/sso/', 'loginSubpage'],
    ['/login/business/more', 'loginSubpage'],
    ['/signup/', 'signup'],
    ['/signup/step/2', 'signupSubpage'],
    ['/signup/sso-business-account/step/2', 'signupSsoBusinessAccount'],
    ['/add-account/', 'addAccount'],
    ['/password/reset/?token=abc', 'passwordReset'],
    ['/password/reset/more', 'passwordResetSubpage'],
    ['/_/_/policy/terms-of-service/', 'policy'],
    ['/_/_/policy/privacy-policy/#notice-at-collection', 'policy'],
    ['/settings/security/', 'settingsSecurity'],
    ['/settings/account', 'settingsAccount'],
    ['/settings/home-feed/', 'settingsHomeFeed'],
    ['/settings/', 'settings'],
    ['/settings/privacy/', 'settingsPrivacy'],
    ['/settings/claim/', 'settingsClaim'],
    ['/email/verify/?token=abc', 'emailVerify'],
    ['/email/subscription/?token=abc', 'emailSubscription'],
    ['/email/user_survey/', 'emailUserSurvey'],
    ['/email_verification_error/', 'emailVerificationError'],
    ['/settings/profile/', 'settingsProfile'],
    ['/search/pins/?q=kitchen', 'searchPins'],
    ['/search/boards/?q=%23kitchen', 'searchBoards'],
    ['/search/users/', 'searchUsers'],
    ['/search/', 'search'],
    ['/search/videos/?q=kitchen', 'search'],
    ['/today/best/2024', 'todayBest'],
    ['/ideas/kitchens/9182', 'ideasInterest'],
    ['/business-access/77/ad-accounts/cee-migration', 'businessAccessAdAccountsCeeMigration'],
    ['/advertiser/42/reporting/campaigns/', 'advertiserAccountReporting'],
    ['/advertiser/42/reporting/?days=30', 'advertiserAccountReportingPage'],
    ['/advertiser/42/ads/', 'advertiserAccountAdsPage'],
    ['/advertiser/42/conversions/', 'advertiserAccountConversionTagsPage'],
    ['/advertiser/42/conversions/tags/', 'advertiserAccountConversions'],
    ['/advertiser/quick-promote', 'advertiserQuickPromote'],
    ['/billing/history/', 'billing'],
    [
      '/advertiser/42/billing/?campaign_id=7&objective_type=CLICKTHROUGH&is_quick_promote=true',
      'advertiserAccountBillingPage',
    ],
    ['/advertiser/42/billing/history/', 'advertiserAccountBilling'],
    ['/maya_lindqvist/', 'profile'],
    ['/theo.okafor/_created/', 'profileCreated'],
    ['/maya_lindqvist/small-kitchens/', 'board'],
    ['/maya_lindqvist/small-kitchens/shelves', 'section'],
  ])('knows %s as %s', (path, id) => {
    expect(idOf(path)).toBe(id);
  });

  it('gives the parameters, decoded, and the splat rest', () => {
    expect(matchWebRoute('/maya_lindqvist/caf%C3%A9/')?.params).toEqual({
      username: 'maya_lindqvist',
      board: 'café',
    });
    expect(matchWebRoute('/topics/kitchen/ideas')?.params).toEqual({ '*': 'kitchen/ideas' });
    expect(matchWebRoute('/_/_/policy/privacy-policy/')?.params).toEqual({ policy: 'privacy-policy' });
    expect(matchWebRoute('/pin/%E0%A4%A/')?.params).toEqual({ id: '%E0%A4%A' });
  });

  it.each([
    '/about',
    '/admin/users',
    '/api',
    '/pin',
    '/pin/1/2/3/4',
    '/ideas/kitchens',
    '/settings-x/y/z',
    // Settings pages are each catalogued; another settings path is no page (decision 46).
    '/settings/security/mfa',
    '/settings/no-such-page/',
    '/a/b/c/d',
    '/no such user/',
    '/ab',
    '/wp-login.php',
    '/_/_/policy/',
    '/_/_/policy/terms-of-service/more',
  ])('does not know %s', (path) => {
    expect(matchWebRoute(path)).toBeNull();
  });

  it('never reads a reserved word as a username', () => {
    for (const word of RESERVED_WORDS) {
      const match = matchWebRoute(`/${word}/`);
      expect(match?.route.area === 'boards' && match.route.pattern.startsWith(':'), word).toBe(false);
    }
  });
});
