import type { Pin } from '@pinboard/shared';
import { useId, type MouseEvent } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { useAuthModal } from '../auth/authModalContext.ts';
import { useOutboundLink } from '../offsite/useOutboundLink.tsx';
import { displayName, pinAltText } from '../pins/pinText.ts';
import { SaveButton } from '../saving/SaveButton.tsx';
import { PinMenuButton } from '../pinMenu/PinMenuButton.tsx';
import { SendButton } from '../messages/SendButton.tsx';
import { isLandscape } from './closeupImage.ts';
import hidden from '../../ui/VisuallyHidden.module.css';
import styles from './PinCloseup.module.css';
import { PinDescription } from './PinDescription.tsx';
import { PinMedia } from './PinMedia.tsx';
import { PinnerRow } from './PinnerRow.tsx';
import { CommentsSection } from '../comments/CommentsSection.tsx';

/** The closeup card: the image in its pane, and beside it (or below, when narrow) what it is. */
export function PinDetails({ pin }: { pin: Pin }) {
  const { t } = useTranslation();
  const titleId = useId();
  const title = pin.title || t('closeup.untitled', { name: displayName(pin.pinner) });
  const sectionUrl = pin.section ? `${pin.board.url}${pin.section.slug}/` : null;
  const linkText = pin.domain ?? t('closeup.visit');
  const authModal = useAuthModal();
  // The link is checked before it opens.
  const outbound = useOutboundLink(pin.link, pin.id);
  const promptDownload = (event: MouseEvent) => {
    const options = { container: 'download', signupSource: 'downloadImageBtnUnauth', pinId: pin.id } as const;
    if (authModal.promptSignup(options)) event.preventDefault();
  };

  return (
    <article
      className={[styles.card, isLandscape(pin) && styles.landscape].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
    >
      <title>{t('closeup.documentTitle', { title })}</title>
      <div className={styles.media}>
        <PinMedia pin={pin} alt={pinAltText(pin, t)} />
      </div>
      <div className={styles.details}>
        <div className={styles.toolbar}>
          {pin.link && (
            <a
              className={styles.outbound}
              href={pin.link}
              target="_blank"
              rel="noopener noreferrer nofollow"
              aria-label={t('closeup.newTab', { text: linkText })}
              onClick={outbound.onClick}
              onAuxClick={outbound.onAuxClick}
              onPointerEnter={outbound.onPointerEnter}
              onFocus={outbound.onFocus}
            >
              {linkText}
            </a>
          )}
          {outbound.notice}
          <PinMenuButton pin={pin} placement="closeup" />
          <SendButton pinId={pin.id} className={styles.send} />
          <a href={pin.images.orig.url} download className={styles.download} onClick={promptDownload}>
            {t('closeup.download')}
          </a>
          {/* A visitor gets the sign-up modal; a signed-in viewer the board picker, then the success dialog. */}
          <SaveButton pin={pin} origin="closeup" className={styles.save} />
        </div>
        <h1 id={titleId} className={styles.title}>
          {title}
        </h1>
        <PinDescription description={pin.description} hashtags={pin.hashtags} />
        {/* A save credits the picture's creator (decision 44). */}
        {pin.origin_pinner && pin.origin_pinner.id !== pin.pinner.id && (
          <p className={styles.savedTo}>
            {t('closeup.savedFrom')}{' '}
            <Link to={`/${pin.origin_pinner.username}/`} className={styles.boardLink}>
              {displayName(pin.origin_pinner)}
            </Link>
          </p>
        )}
        <PinnerRow pinner={pin.pinner} />
        <p className={styles.savedTo}>
          {t('closeup.savedTo')}{' '}
          <Link to={pin.board.url} className={styles.boardLink}>
            {pin.board.name}
          </Link>
          {pin.section && sectionUrl && (
            <>
              <span aria-hidden="true"> / </span>
              <span className={hidden.visuallyHidden}>{t('closeup.sectionSeparator')}</span>
              <Link to={sectionUrl} className={styles.boardLink}>
                {pin.section.title}
              </Link>
            </>
          )}
        </p>
        <CommentsSection pinId={pin.id} linkHeading />
      </div>
    </article>
  );
}
