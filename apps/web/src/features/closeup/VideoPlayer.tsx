import type { Pin, Video } from '@pinboard/shared';
import { VideoDuration } from '../pins/VideoDuration.tsx';
import closeup from './PinCloseup.module.css';
import styles from './VideoPlayer.module.css';

/** A video pin in the closeup: the browser's player with controls, the poster frame, its length. */
export function VideoPlayer({ pin, video, label }: { pin: Pin; video: Video; label: string }) {
  return (
    <figure className={styles.video}>
      <video
        className={closeup.image}
        src={video.url}
        poster={pin.images['736x'].url}
        width={video.width}
        height={video.height}
        controls
        playsInline
        preload="metadata"
        aria-label={label}
        style={{ backgroundColor: pin.dominant_color }}
      />
      <VideoDuration durationMs={video.duration_ms} large />
    </figure>
  );
}
