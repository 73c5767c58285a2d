import type { Pin } from '@pinboard/shared';
import { HOVER_DELAY_MS } from '@pinboard/shared/layout';
import { useRef, type CSSProperties } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { useOutboundLink } from '../offsite/useOutboundLink.tsx';
import { SaveButton } from '../saving/SaveButton.tsx';
import { PinMenuButton } from '../pinMenu/PinMenuButton.tsx';
import { cardImageHeight, TITLE_LINE_HEIGHT, titleLines } from './cardMetrics.ts';
import { titleMeasurer } from './measureText.ts';
import styles from './PinCard.module.css';
import { VideoDuration } from './VideoDuration.tsx';
import { PinnerAvatar } from './PinnerAvatar.tsx';
import { displayName, pinAltText } from './pinText.ts';
import { usePromotedImpression } from './promotedImpressions.ts';

interface PinCardProps {
  pin: Pin;
  /** The card's width; the image's height follows from its stored aspect ratio. */
  width: number;
  /** Load the image at once and first (cards in the first screenful), instead of lazily. */
  priority?: boolean;
}

/**
 * One pin in a grid: its image over its dominant colour, title and pinner, with a save button
 * and the link's domain on hover or keyboard focus. The whole card opens the pin. Its height
 * is `cardHeight(pin, width)`, known before anything loads, so the grid never shifts.
 */
export function PinCard({ pin, width, priority = false }: PinCardProps) {
  const { t } = useTranslation();
  const small = pin.images['236x'];
  const large = pin.images['474x'];
  const imageHeight = cardImageHeight(pin, width);
  const lines = titleLines(pin, width, titleMeasurer());
  const alt = pinAltText(pin, t);
  const name = displayName(pin.pinner);
  // The link is checked before it opens; a promoted card's click is counted by its token.
  const outbound = useOutboundLink(pin.link, pin.id, pin.ad_token);
  const cardRef = useRef<HTMLDivElement>(null);
  usePromotedImpression(cardRef, pin.ad_token);
  const style = { width, '--hover-delay': `${HOVER_DELAY_MS}ms` } as CSSProperties;

  return (
    <div className={styles.card} style={style} ref={cardRef}>
      <Link to={`/pin/${pin.id}/`} className={styles.pinLink}>
        <div className={styles.media} style={{ height: imageHeight, backgroundColor: pin.dominant_color }}>
          {/* width/height give the ratio; the box around already has the exact height. */}
          <img
            className={styles.image}
            src={small.url}
            srcSet={`${small.url} ${small.width}w, ${large.url} ${large.width}w`}
            sizes={`${width}px`}
            width={small.width}
            height={small.height}
            alt={alt}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
          />
          {pin.video && <VideoDuration durationMs={pin.video.duration_ms} />}
        </div>
      </Link>
      <div className={styles.actions} style={{ height: imageHeight }}>
        {/* A visitor gets the sign-up modal; a signed-in viewer the board picker, then the overlay. */}
        <SaveButton
          pin={pin}
          origin="grid"
          className={styles.save}
          label={t('pin.saveLabel', { title: alt })}
        />
        {pin.link && pin.domain && (
          <a
            className={styles.chip}
            href={pin.link}
            target="_blank"
            rel="noopener noreferrer nofollow"
            aria-label={t('pin.linkLabel', { domain: pin.domain })}
            onClick={outbound.onClick}
            onAuxClick={outbound.onAuxClick}
            onPointerEnter={outbound.onPointerEnter}
            onFocus={outbound.onFocus}
          >
            <span className={styles.chipText}>{pin.domain}</span>
          </a>
        )}
        {outbound.notice}
      </div>
      <PinMenuButton pin={pin} placement="card" imageHeight={imageHeight} />
      <div className={styles.text}>
        {lines > 0 && (
          <p className={styles.title} style={{ height: lines * TITLE_LINE_HEIGHT, WebkitLineClamp: lines }}>
            {pin.title}
          </p>
        )}
        {pin.is_promoted && pin.promoter ? (
          // A promoted card names who pays for it, in the pinner's row (the card keeps its height).
          <Link to={`/${pin.promoter.username}/`} className={styles.pinner}>
            <span className={styles.name}>{t('pin.promotedBy', { name: pin.promoter.name })}</span>
          </Link>
        ) : (
          <Link to={`/${pin.pinner.username}/`} className={styles.pinner}>
            <PinnerAvatar user={pin.pinner} />
            <span className={styles.name}>{name}</span>
          </Link>
        )}
      </div>
    </div>
  );
}
