import { FOOTER_HEIGHT, HEADER_HEIGHT } from '@pinboard/shared/chrome';
import { PAGE_PADDING_TOP, PAGE_PADDING_X } from '@pinboard/shared/layout';
import { matchWebRoute } from '@pinboard/shared/routes';
import { lazy, Suspense, type CSSProperties, type MouseEvent } from 'react';
import { useTranslation } from '../i18n.ts';
import { Outlet, useLocation } from 'react-router';
import { AppFooter } from '../features/shell/AppFooter.tsx';
import { EmailConfirmBanner } from '../features/emailVerification/EmailConfirmBanner.tsx';
import { AuthModalProvider } from '../features/auth/AuthModalProvider.tsx';
import { oneTapMayShow } from '../features/auth/oneTap/dismissal.ts';
import { OneTapSlot } from '../features/auth/oneTap/OneTapSlot.tsx';
import { AppHeader } from '../features/shell/AppHeader.tsx';
import { useScrollRestoration } from '../features/shell/useScrollRestoration.ts';
import { useViewer } from '../features/viewer/useViewer.ts';
import { PageLoading } from '../ui/PageLoading.tsx';
import { ToastProvider } from '../ui/ToastProvider.tsx';
import styles from './RootLayout.module.css';

// Lazy like the router's own routes to them, so each page keeps one chunk.
const NotFoundPage = lazy(async () => ({ default: (await import('./NotFoundPage.tsx')).NotFoundPage }));
const ComingSoonPage = lazy(async () => ({ default: (await import('./ComingSoonPage.tsx')).ComingSoonPage }));

// The product's sizes as CSS variables, so stylesheets (sticky panes, full-height pages) use the same
// numbers.
const CHROME_SIZES = {
  '--header-height': `${HEADER_HEIGHT}px`,
  '--footer-height': `${FOOTER_HEIGHT}px`,
  '--page-padding-x': `${PAGE_PADDING_X}px`,
  '--page-padding-top': `${PAGE_PADDING_TOP}px`,
} as CSSProperties;

// Focus moves without touching the URL: a `#main` hash would become a router navigation.
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('main')?.focus();
}

/** The frame every page shares: skip link, header, the page, footer. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { viewer, session, isLoading } = useViewer();
  // A new page starts at the top; Back returns to where the person was (decision 48).
  useScrollRestoration();
  const limited = pathname === '/' && !isLoading && viewer === null;
  // The bookmarklet's popup (docs/product/creating.md#pin-create-page) is the pin-create page alone: no site
  // chrome.
  const popup = pathname.startsWith('/pin/create') && typeof window !== 'undefined' && window.opener != null;
  // The one-tap card's column, kept from the first paint where it may show (decision 82); the home
  // feed makes it when the card arrives.
  const oneTapSpace = !popup && pathname !== '/' && oneTapMayShow(session, pathname);

  return (
    <ToastProvider>
      <AuthModalProvider>
        <div className={styles.shell} style={CHROME_SIZES} data-one-tap-space={oneTapSpace ? '' : undefined}>
          <a href="#main" className={styles.skipLink} onClick={skipToMain}>
            {t('shell.skipToContent')}
          </a>
          {!popup && <AppHeader />}
          <main
            id="main"
            tabIndex={-1}
            className={limited ? `${styles.main} ${styles.aboveFooterBar}` : styles.main}
          >
            {!popup && <EmailConfirmBanner />}
            <PageForPath pathname={pathname} />
          </main>
          {!popup && <AppFooter limited={limited} />}
          {!popup && <OneTapSlot />}
        </div>
      </AuthModalProvider>
    </ToastProvider>
  );
}

/**
 * The route catalogue has the last word on what a path is, for the router as for the server.
 * React Router cannot know that no one is called 'about' or 'settings', so it would rank
 * `/about` as a profile and `/settings/a/b` as a board section; the catalogue knows.
 */
function PageForPath({ pathname }: { pathname: string }) {
  const route = matchWebRoute(pathname)?.route;
  if (route?.status === 'available') return <Outlet />;
  return <Suspense fallback={<PageLoading />}>{route ? <ComingSoonPage /> : <NotFoundPage />}</Suspense>;
}
