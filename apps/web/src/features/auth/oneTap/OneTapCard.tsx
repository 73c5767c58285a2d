import { PROVIDER_NAMES, type Viewer } from '@pinboard/shared';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n.ts';
import { useLocation } from 'react-router';
import { Button } from '../../../ui/Button.tsx';
import { useViewer } from '../../viewer/useViewer.ts';
import { loadAuthModal } from '../AuthModalProvider.tsx';
import { useAuthModal, type AuthModalOptions } from '../authModalContext.ts';
import { onDemandBotCheck } from '../botCheck/useBotCheck.ts';
import { credentialFromPopup } from '../social/credentials.ts';
import { outcomeOfPopup, type SocialOutcome } from '../social/outcomes.ts';
import socialStyles from '../social/Social.module.css';
import { socialErrorText } from '../social/SocialErrorText.tsx';
import { useProviders } from '../social/useProviders.ts';
import { useSocialSignup } from '../social/useSocialAuth.ts';
import { useSocialPopup } from '../social/useSocialPopup.ts';
import { WelcomeLoading } from '../social/WelcomeLoading.tsx';
import { useAuthSuccess } from '../useAuthSuccess.ts';
import {
  dismissOneTap,
  isOneTapDismissed,
  markOneTapAway,
  oneTapMayShow,
  onOneTapDismissedElsewhere,
} from './dismissal.ts';
import styles from './OneTap.module.css';
import '../words.ts';

/** The container one-tap's sign-up names: none fits a page-wide prompt, the home page's comes closest. */
const ONE_TAP_OPTIONS: AuthModalOptions = { container: 'home_page' };
const stay = () => {};

/**
 * Google's one-tap prompt as our own card (decision 21 'One-tap'): in a place the page leaves free
 * (top right on desktop, a bottom sheet on phones; decision 48), dismissable for a week, for
 * signed-out visitors where Google sign-in works. 'Continue with Google' opens the Google popup
 * with `purpose=one_tap` and posts its ID token to `signUp` as `google_one_tap` (a
 * known identity signs in). Success shows the full-screen 'Welcome' state until the page is the
 * account's; when the call made the account (`new_account`), the modal then opens on the
 * interests step (decision 47), its chunk loaded while 'Welcome' shows. A sign-up that needs a
 * birthday, an email, consents or a code continues in the modal's steps.
 */
export function OneTapCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const { session } = useViewer();
  const { pathname } = useLocation();
  const modal = useAuthModal();
  const choice = useProviders('login', session?.client_context.country);
  const popup = useSocialPopup();
  const onSuccess = useAuthSuccess(ONE_TAP_OPTIONS, stay);
  const signUp = useSocialSignup({
    options: ONE_TAP_OPTIONS,
    session,
    botCheck: onDemandBotCheck,
    onSuccess,
  });
  const [dismissed, setDismissed] = useState(isOneTapDismissed);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [welcome, setWelcome] = useState<{ viewer: Viewer; newAccount: boolean } | null>(null);
  // Dismissed in another tab: gone here too.
  useEffect(() => onOneTapDismissedElsewhere(() => setDismissed(true)), []);
  const cardRef = useReservedPlace();
  // No Google sign-in here: the card never shows, and the page takes back the column it kept.
  const noGoogle = choice.known && !choice.shown.includes('google');
  useEffect(() => {
    if (noGoogle) markOneTapAway();
  }, [noGoogle]);

  if (welcome) {
    const { viewer, newAccount } = welcome;
    return (
      <WelcomeLoading
        finish={async () => {
          // A new account picks interests next, in the modal; 'Welcome' stays until it can show.
          const modalLoaded = newAccount ? loadAuthModal() : null;
          await onSuccess(viewer, { welcome: true, stay: newAccount });
          if (modalLoaded) {
            await modalLoaded.catch(() => {});
            modal.open({ ...ONE_TAP_OPTIONS, continueSocial: { kind: 'signedUp', viewer } });
          }
          setWelcome(null);
        }}
      />
    );
  }
  if (!oneTapMayShow(session, pathname) || dismissed || !choice.shown.includes('google')) return null;

  function follow(outcome: SocialOutcome) {
    setBusy(false);
    if (outcome.kind === 'welcome') setWelcome({ viewer: outcome.viewer, newAccount: outcome.newAccount });
    else if (outcome.kind === 'error') setError(outcome.code);
    else if (outcome.kind !== 'done') modal.open({ ...ONE_TAP_OPTIONS, continueSocial: outcome });
  }

  // Straight from the click: the popup opens as the person's own doing.
  function start() {
    setBusy(true);
    setError(null);
    void popup
      .connect('google', 'one_tap')
      .then(
        (message): SocialOutcome | Promise<SocialOutcome> => {
          const credential = credentialFromPopup(message, 'one_tap');
          return credential
            ? signUp({ credential })
            : { kind: 'error', slot: 'google', code: 'popup_closed' };
        },
        (failure: unknown) => outcomeOfPopup('google', failure),
      )
      .then(follow);
  }

  return (
    <aside ref={cardRef} className={styles.card} aria-labelledby={titleId} data-one-tap-card="">
      <h2 id={titleId} className={styles.title}>
        {t('auth.social.oneTap.title')}
      </h2>
      <button
        type="button"
        className={styles.dismiss}
        aria-label={t('auth.social.oneTap.dismiss')}
        onClick={() => {
          dismissOneTap();
          setDismissed(true);
        }}
      >
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
          <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </button>
      <Button className={`${socialStyles.provider} ${socialStyles.google}`} disabled={busy} onClick={start}>
        {t('auth.social.continueWith', { provider: PROVIDER_NAMES.google })}
      </Button>
      {error && (
        <p role="alert" className={socialStyles.error}>
          {socialErrorText(t, error)}
        </p>
      )}
      {choice.standin && <p className={socialStyles.standin}>{t('auth.social.standin')}</p>}
    </aside>
  );
}

/**
 * The card's own place in the layout (RootLayout.module.css): the page leaves a column free for it
 * on desktop and pads its bottom for the phone's sheet, by the card's height, measured here.
 */
function useReservedPlace() {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const card = ref.current;
    const shell = card?.parentElement;
    if (!card || !shell) return;
    const measure = () => shell.style.setProperty('--one-tap-height', `${Math.ceil(card.offsetHeight)}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(card);
    return () => {
      observer?.disconnect();
      shell.style.removeProperty('--one-tap-height');
    };
  });
  return ref;
}
