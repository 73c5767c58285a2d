import '../features/bookmarklet/words.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n.ts';
import { bookmarkletHref } from '../features/bookmarklet/bookmarkletCode.ts';
import styles from './BookmarkletPage.module.css';

/**
 * `/bookmarklet`: how to add the Save button to the browser, and the button to drag.
 *
 * React 19 refuses `javascript:` URLs in `href` (it renders a URL that throws instead), so the
 * link is rendered without one and the bookmarklet's address is set on the DOM node after mount.
 * A click here does nothing but point at the hint: the button is for dragging to the bookmarks bar.
 */
export function BookmarkletPage() {
  const { t } = useTranslation();
  const link = useRef<HTMLAnchorElement>(null);
  const [hinted, setHinted] = useState(false);

  useEffect(() => {
    link.current?.setAttribute('href', bookmarkletHref(window.location.origin));
  }, []);

  return (
    <section className={styles.page} aria-labelledby="bookmarklet-title">
      <title>{t('bookmarklet.documentTitle')}</title>
      <h1 id="bookmarklet-title">{t('bookmarklet.title')}</h1>
      <p>{t('bookmarklet.intro')}</p>
      <ol className={styles.steps}>
        <li>{t('bookmarklet.step1')}</li>
        <li>{t('bookmarklet.step2')}</li>
        <li>{t('bookmarklet.step3')}</li>
      </ol>
      <p>
        <a
          ref={link}
          className={styles.button}
          aria-describedby="bookmarklet-hint"
          onClick={(event) => {
            event.preventDefault();
            setHinted(true);
          }}
        >
          {t('bookmarklet.button')}
        </a>
      </p>
      <p
        id="bookmarklet-hint"
        className={hinted ? styles.hinted : styles.hint}
        role={hinted ? 'alert' : undefined}
      >
        {t('bookmarklet.dragHint')}
      </p>
      <p className={styles.hint}>{t('bookmarklet.howItWorks')}</p>
    </section>
  );
}
