import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { queries } from './api/endpoints.ts';
import { prefetchHomeFeed } from './features/feed/useHomeFeed.ts';
import { comingSoonRoutes } from './routes/coming-soon-routes.ts';
import { RootLayout } from './routes/RootLayout.tsx';
import { RouteErrorPage } from './routes/RouteErrorPage.tsx';
import { PageLoading } from './ui/PageLoading.tsx';

/**
 * A lazy route's page: the component `name` of the module `load` imports. One helper instead of
 * an `async () => ({ Component: (await import(…)).Name })` per route, which the bundler wrote
 * out in full for each of them in the entry script.
 */
function page<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): () => Promise<{ Component: ComponentType }> {
  return async () => ({ Component: (await load())[name] });
}

// Pages are lazy so each one's code loads only when it is visited; the layout is tiny and always needed.
// Given the app's query client, the home route's loader starts the feed request at once, in
// parallel with the page's lazy chunk (the loader returns without waiting for it); the pin
// closeup's loader does the same for its pin.
export function createRoutes(queryClient?: QueryClient): RouteObject[] {
  return [
    {
      Component: RootLayout,
      HydrateFallback: PageLoading,
      ErrorBoundary: RouteErrorPage,
      children: [
        {
          index: true,
          loader: () => {
            if (queryClient) void prefetchHomeFeed(queryClient);
            return null;
          },
          lazy: page(() => import('./routes/HomePage.tsx'), 'HomePage'),
        },
        {
          path: 'pin/:id',
          loader: ({ params }) => {
            if (queryClient && params.id)
              void queryClient.prefetchQuery(queries.getPin({ params: { id: params.id } }));
            return null;
          },
          lazy: page(() => import('./routes/PinPage.tsx'), 'PinPage'),
        },
        {
          path: ':username',
          lazy: page(() => import('./routes/ProfilePage.tsx'), 'ProfilePage'),
        },
        {
          path: ':username/_created',
          lazy: page(() => import('./routes/ProfilePage.tsx'), 'ProfilePage'),
        },
        {
          path: ':username/:board',
          lazy: page(() => import('./routes/BoardPage.tsx'), 'BoardPage'),
        },
        {
          path: ':username/:board/:section',
          lazy: page(() => import('./routes/SectionPage.tsx'), 'SectionPage'),
        },
        {
          path: 'login',
          lazy: page(() => import('./routes/LoginPage.tsx'), 'LoginPage'),
        },
        {
          path: 'login/qr/:id',
          lazy: page(() => import('./routes/QrLoginApprovePage.tsx'), 'QrLoginApprovePage'),
        },
        {
          path: 'login/business',
          lazy: page(() => import('./routes/BusinessLoginPage.tsx'), 'BusinessLoginPage'),
        },
        {
          path: 'signup',
          lazy: page(() => import('./routes/SignupPage.tsx'), 'SignupPage'),
        },
        {
          path: 'add-account',
          lazy: page(() => import('./routes/AddAccountPage.tsx'), 'AddAccountPage'),
        },
        {
          path: 'password/reset',
          lazy: page(() => import('./routes/PasswordResetPage.tsx'), 'PasswordResetPage'),
        },
        // Settings (AUTH only; a visitor gets the login modal); another settings path is no page.
        {
          path: 'settings',
          lazy: page(() => import('./routes/SettingsIndexPage.tsx'), 'SettingsIndexPage'),
        },
        { path: 'settings/account-settings', element: <Navigate to="/settings/account/" replace /> },
        {
          path: 'settings/profile-visibility',
          lazy: page(() => import('./routes/PrivacyPage.tsx'), 'ProfileVisibilityPage'),
        },
        {
          path: 'settings/privacy',
          lazy: page(() => import('./routes/PrivacyPage.tsx'), 'PrivacyPage'),
        },
        {
          path: 'settings/notifications',
          lazy: page(() => import('./routes/NotificationsSettingsPage.tsx'), 'NotificationsSettingsPage'),
        },
        {
          path: 'settings/claim',
          lazy: page(() => import('./routes/ClaimPage.tsx'), 'ClaimPage'),
        },
        // Email confirmation (decision 46): the mailed link, and what a bad link means.
        {
          path: 'email/verify',
          lazy: page(() => import('./routes/EmailVerifyPage.tsx'), 'EmailVerifyPage'),
        },
        // Mail choices by a mail's link, and the survey a digest links to (decision 53).
        {
          path: 'email/subscription/*',
          lazy: page(() => import('./routes/EmailSubscriptionPage.tsx'), 'EmailSubscriptionPage'),
        },
        {
          path: 'email/user_survey/*',
          lazy: page(() => import('./routes/UserSurveyPage.tsx'), 'UserSurveyPage'),
        },
        {
          path: 'email_verification_error/*',
          lazy: page(() => import('./routes/EmailVerificationErrorPage.tsx'), 'EmailVerificationErrorPage'),
        },
        {
          path: 'settings/security',
          lazy: page(() => import('./routes/SecurityPage.tsx'), 'SecurityPage'),
        },
        {
          path: 'settings/profile',
          lazy: page(() => import('./routes/ProfileSettingsPage.tsx'), 'ProfileSettingsPage'),
        },
        {
          path: 'settings/account',
          lazy: page(() => import('./routes/AccountPage.tsx'), 'AccountPage'),
        },
        {
          path: 'settings/home-feed',
          lazy: page(() => import('./routes/HomeFeedSettingsPage.tsx'), 'HomeFeedSettingsPage'),
        },
        // Business accounts, business access and quick promote (decision 55).
        {
          path: 'business/convert',
          lazy: page(() => import('./routes/BusinessConvertPage.tsx'), 'BusinessConvertPage'),
        },
        {
          path: 'business/create',
          lazy: page(() => import('./routes/BusinessCreatePage.tsx'), 'BusinessCreatePage'),
        },
        {
          path: 'business/hub',
          lazy: page(() => import('./routes/BusinessHubPage.tsx'), 'BusinessHubPage'),
        },
        {
          path: 'business/invite/*',
          lazy: page(() => import('./routes/BusinessAccessPages.tsx'), 'BusinessInvitePage'),
        },
        ...['business-access', 'business-manager'].flatMap((prefix) => [
          {
            path: `${prefix}/:userBizId/dashboard`,
            lazy: page(() => import('./routes/BusinessAccessPages.tsx'), 'BusinessAccessDashboardPage'),
          },
          {
            path: `${prefix}/:userBizId/security`,
            lazy: page(() => import('./routes/BusinessAccessPages.tsx'), 'BusinessAccessSecurityPage'),
          },
        ]),
        {
          path: 'advertiser/:advertiserId/billing',
          lazy: page(() => import('./routes/AdvertiserBillingPage.tsx'), 'AdvertiserBillingPage'),
        },
        {
          path: 'advertiser/:advertiserId/ads',
          lazy: async () => ({ Component: (await import('./routes/AdsManagerPage.tsx')).AdsManagerPage }),
        },
        {
          path: 'advertiser/:advertiserId/reporting',
          lazy: async () => ({ Component: (await import('./routes/ReportingPage.tsx')).ReportingPage }),
        },
        {
          path: 'advertiser/:advertiserId/conversions',
          lazy: async () => ({
            Component: (await import('./routes/ConversionTagsPage.tsx')).ConversionTagsPage,
          }),
        },
        ...['advertiser/quick_promote', 'advertiser/quick-promote'].map((path) => ({
          path,
          lazy: page(() => import('./routes/QuickPromotePage.tsx'), 'QuickPromotePage'),
        })),
        {
          path: '_/_/policy/:policy',
          lazy: page(() => import('./routes/PolicyPage.tsx'), 'PolicyPage'),
        },
        // Creating pins.
        {
          path: 'pin-builder',
          lazy: page(() => import('./routes/PinBuilderPage.tsx'), 'PinBuilderPage'),
        },
        ...['idea-pin-builder', 'story-pin-builder'].map((path) => ({
          path,
          lazy: page(() => import('./routes/IdeaPinBuilderPage.tsx'), 'IdeaPinBuilderPage'),
        })),
        ...['pin/create', 'pin/create/:method'].map((path) => ({
          path,
          lazy: page(() => import('./routes/PinCreatePage.tsx'), 'PinCreatePage'),
        })),
        {
          path: 'pin/:id/comments',
          lazy: page(() => import('./routes/PinCommentsPage.tsx'), 'PinCommentsPage'),
        },
        {
          path: 'pin/:id/edit',
          lazy: page(() => import('./routes/PinEditPage.tsx'), 'PinEditPage'),
        },
        // Links to the product's own pins from the pin-create page, and Save's link before the viewer is known.
        {
          path: 'pin/:id/repin/*',
          lazy: page(() => import('./routes/PinPage.tsx'), 'PinPage'),
        },
        {
          path: 'board/create',
          lazy: page(() => import('./routes/MobileCreatePages.tsx'), 'CreateBoardPage'),
        },
        {
          path: 'board/:id/create_section',
          lazy: page(() => import('./routes/MobileCreatePages.tsx'), 'CreateSectionPage'),
        },
        {
          path: 'board/:id/edit',
          lazy: page(() => import('./routes/BoardDialogPages.tsx'), 'EditBoardPage'),
        },
        {
          path: 'boardsection/:id/edit',
          lazy: page(() => import('./routes/BoardDialogPages.tsx'), 'EditSectionPage'),
        },
        ...['board/:id/collaborators', 'board/:id/add_collaborators'].map((path) => ({
          path,
          lazy: page(() => import('./routes/BoardDialogPages.tsx'), 'BoardCollaboratorsPage'),
        })),
        {
          path: 'bookmarklet',
          lazy: page(() => import('./routes/BookmarkletPage.tsx'), 'BookmarkletPage'),
        },
        // Search: one page for the three scopes; the path says which.
        ...['search/pins', 'search/boards', 'search/users'].map((path) => ({
          path,
          lazy: page(() => import('./routes/SearchPage.tsx'), 'SearchPage'),
        })),
        // Ideas, today and topics.
        {
          path: 'ideas',
          lazy: page(() => import('./routes/IdeasPage.tsx'), 'IdeasPage'),
        },
        {
          path: 'ideas/:interest/:id',
          lazy: page(() => import('./routes/TopicPage.tsx'), 'InterestPage'),
        },
        {
          path: 'topics/*',
          lazy: page(() => import('./routes/TopicPage.tsx'), 'TopicsPage'),
        },
        {
          path: 'today',
          lazy: page(() => import('./routes/TodayPage.tsx'), 'TodayPage'),
        },
        ...['trending', 'popular', 'best', 'article'].map((kind) => ({
          path: `today/${kind}/*`,
          lazy: page(() => import('./routes/TodayKindPage.tsx'), 'TodayKindPage'),
        })),
        {
          path: 'conversation/:id',
          lazy: page(() => import('./routes/ConversationPage.tsx'), 'ConversationPage'),
        },
        {
          path: 'notifications/*',
          lazy: page(() => import('./routes/NotificationsPage.tsx'), 'NotificationsPage'),
        },
        {
          path: 'appealed-pin',
          lazy: page(() => import('./routes/AppealedPinPage.tsx'), 'AppealedPinPage'),
        },
        {
          path: 'reports-and-violations',
          lazy: page(() => import('./routes/ReportsAndViolationsPage.tsx'), 'ReportsAndViolationsPage'),
        },
        {
          path: 'age-appeal/*',
          lazy: page(() => import('./routes/AgeAppealPage.tsx'), 'AgeAppealPage'),
        },
        // Catalogued pages whose feature comes later; static paths, so they rank above ':username'.
        ...comingSoonRoutes,
        {
          path: '*',
          lazy: page(() => import('./routes/NotFoundPage.tsx'), 'NotFoundPage'),
        },
      ],
    },
  ];
}

/** The routes without prefetching, for tests. */
export const routes = createRoutes();

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
