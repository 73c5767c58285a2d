import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { queries } from '../../api/endpoints.ts';
import { Button } from '../../ui/Button.tsx';
import { isInstagramUrl } from './pinCreateParams.ts';
import styles from './InstagramUpsell.module.css';

/** The dismiss button shows after 2 s. */
export const INSTAGRAM_DISMISS_DELAY_MS = 2000;
/** Once per browser (docs/product/creating.md#rules): remembered here once shown. */
export const INSTAGRAM_UPSELL_KEY = 'pinboard.claimInstagramUpsell';

function seenBefore(): boolean {
  try {
    return window.localStorage.getItem(INSTAGRAM_UPSELL_KEY) !== null;
  } catch {
    return true;
  }
}

/**
 * The claim-Instagram upsell (docs/product/creating.md#pin-create-page): once, when the pin's link is on
 * Instagram, the viewer has not connected Instagram, and their listed website is Instagram.
 * No close control for the first 2 s, so it is read before it is dismissed.
 */
export function InstagramUpsell({ link }: { link: string | null }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [show] = useState(() => isInstagramUrl(link) && !seenBefore());
  const settings = useQuery({
    ...queries.getUserSettings(),
    enabled: show,
    retry: false,
  });
  const open =
    show &&
    settings.data !== undefined &&
    !settings.data.connected_to_instagram &&
    isInstagramUrl(settings.data.listed_website_url);
  const [dismissed, setDismissed] = useState(false);
  const [canDismiss, setCanDismiss] = useState(false);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    window.localStorage.setItem(INSTAGRAM_UPSELL_KEY, new Date().toISOString());
    panel.current?.focus();
    const timer = window.setTimeout(() => setCanDismiss(true), INSTAGRAM_DISMISS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [open]);

  if (!open || dismissed) return null;
  return (
    <div className={styles.backdrop}>
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={styles.panel}
      >
        <h2 id={titleId} className={styles.title}>
          {t('pinCreate.instagram.title')}
        </h2>
        <p>{t('pinCreate.instagram.body')}</p>
        <div className={styles.actions}>
          <a className={styles.claim} href="/settings/claim/" target="_blank" rel="noreferrer">
            {t('pinCreate.instagram.claim')}
          </a>
          {canDismiss && (
            <Button onClick={() => setDismissed(true)}>{t('pinCreate.instagram.dismiss')}</Button>
          )}
        </div>
      </div>
    </div>
  );
}
