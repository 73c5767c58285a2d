import { ONE_TAP_LOADING } from '@pinboard/shared';
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../../i18n.ts';
import { LogoMark } from '../../shell/icons.tsx';
import styles from './Social.module.css';

const BAR_TRANSITION = { transition: `width ${ONE_TAP_LOADING.durationMs}ms linear` };

/**
 * The full-screen 'Welcome' state after one-tap sign-up (docs/product/accounts.md#screens): a bar that
 * fills to 95% over 6 s while `finish` (the login's success: the viewer and the page's data
 * fetched again as the new account) runs; whoever shows it takes it away once that is done.
 */
export function WelcomeLoading({ finish }: { finish: () => Promise<void> }) {
  const { t } = useTranslation();
  const titleId = useId();
  const root = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const started = useRef(false);

  useEffect(() => {
    root.current?.focus();
    const element = bar.current;
    if (element) {
      // Reading the width commits the empty bar, so setting the end runs the CSS transition.
      void element.offsetWidth;
      element.style.width = `${ONE_TAP_LOADING.percent}%`;
    }
    if (started.current) return;
    started.current = true;
    void finish();
  }, [finish]);

  return createPortal(
    <div
      ref={root}
      className={styles.welcome}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-busy="true"
      tabIndex={-1}
    >
      <span className={styles.welcomeLogo} aria-hidden="true">
        <LogoMark />
      </span>
      <h1 id={titleId} className={styles.welcomeTitle}>
        {t('auth.social.oneTap.welcome')}
      </h1>
      <div className={styles.track} role="progressbar" aria-label={t('auth.social.oneTap.loading')}>
        <div ref={bar} className={styles.bar} style={BAR_TRANSITION} />
      </div>
    </div>,
    document.body,
  );
}
