import type { Board } from '@pinboard/shared';
import styles from './BoardCover.module.css';

const COLLAGE_SLOTS = 3;

/**
 * A board's cover: its chosen cover image, or a collage of its latest pins (one large, two
 * small). Each box shows the pin's dominant colour until its image arrives. Decorative: the
 * board's name is always beside it.
 */
export function BoardCover({ board }: { board: Board }) {
  const thumbnails = board.images['170x'];
  if (board.has_custom_cover || thumbnails.length < 2) {
    const url = board.image_cover_url ?? thumbnails[0]?.url ?? null;
    return (
      <div className={styles.cover} style={{ backgroundColor: thumbnails[0]?.dominant_color }}>
        {url && <img className={styles.image} src={url} alt="" loading="lazy" decoding="async" />}
      </div>
    );
  }
  return (
    <div className={`${styles.cover} ${styles.collage}`}>
      {Array.from({ length: COLLAGE_SLOTS }, (_, i) => thumbnails[i]).map((thumbnail, i) => (
        <div key={i} className={styles.slot} style={{ backgroundColor: thumbnail?.dominant_color }}>
          {thumbnail && (
            <img className={styles.image} src={thumbnail.url} alt="" loading="lazy" decoding="async" />
          )}
        </div>
      ))}
    </div>
  );
}
