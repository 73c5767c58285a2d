import type { Pin, Video } from '@pinboard/shared';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n.ts';
import { VideoDuration } from '../pins/VideoDuration.tsx';
import { pinAltText } from '../pins/pinText.ts';
import { prefersReducedMotion } from './confetti.ts';
import styles from './SaveMedia.module.css';

/** The frame's aspect ratio (SaveMedia.module.css): media wider than this fill its width. */
const FRAME_RATIO = 3 / 2;

/**
 * The saved pin in the success dialog: its video (a muted, looping preview with its length) when
 * it has one, else its image; either as large as the dialog's fixed frame allows.
 */
export function PinMedia({ pin }: { pin: Pin }) {
  const { t } = useTranslation();
  const { video } = pin;
  const image = pin.images['474x'];
  const alt = pinAltText(pin, t);
  return (
    <figure className={styles.frame}>
      {video ? (
        <MediaBox width={video.width} height={video.height}>
          <VideoPreview video={video} poster={image.url} label={alt} />
        </MediaBox>
      ) : (
        <MediaBox width={image.width} height={image.height}>
          <img
            className={styles.media}
            src={image.url}
            width={image.width}
            height={image.height}
            alt={alt}
            style={{ backgroundColor: pin.dominant_color }}
          />
        </MediaBox>
      )}
    </figure>
  );
}

/**
 * A box of the media's aspect ratio, as large as the frame allows: the frame's full width, or
 * its full height for media taller than the frame. Its size is known before anything loads.
 */
function MediaBox({ width, height, children }: { width: number; height: number; children: ReactNode }) {
  const widthPercent = Math.min(100, ((width / height) * 100) / FRAME_RATIO);
  return (
    <div className={styles.box} style={{ width: `${widthPercent}%`, aspectRatio: `${width} / ${height}` }}>
      {children}
    </div>
  );
}

/**
 * Plays by itself, muted and looping, unless the viewer prefers less motion (then the poster
 * stays until Play). The button pauses it: moving content must be stoppable.
 */
function VideoPreview({ video, poster, label }: { video: Video; poster: string; label: string }) {
  const { t } = useTranslation();
  const element = useRef<HTMLVideoElement>(null);
  const [still] = useState(prefersReducedMotion);
  const [playing, setPlaying] = useState(false);
  const toggle = () => {
    const player = element.current!;
    if (playing) player.pause();
    // A refused play (a browser's autoplay rule) leaves the poster: nothing to tell.
    else player.play()?.catch(() => {});
  };
  return (
    <>
      <video
        ref={element}
        className={styles.media}
        src={video.url}
        poster={poster}
        width={video.width}
        height={video.height}
        aria-label={label}
        autoPlay={!still}
        muted
        loop
        playsInline
        preload={still ? 'none' : 'auto'}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      />
      <VideoDuration durationMs={video.duration_ms} />
      <button
        type="button"
        className={styles.playToggle}
        onClick={toggle}
        aria-label={playing ? t('saving.pauseVideo') : t('saving.playVideo')}
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" fill="currentColor">
          {playing ? <path d="M3 2h3.5v12H3zM9.5 2H13v12H9.5z" /> : <path d="M4 2l10 6-10 6z" />}
        </svg>
      </button>
    </>
  );
}
