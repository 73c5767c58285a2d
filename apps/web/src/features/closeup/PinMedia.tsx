import type { Pin } from '@pinboard/shared';
import { lazy, Suspense } from 'react';
import { imageSizes, imageSrcSet } from './closeupImage.ts';
import styles from './PinCloseup.module.css';
import { VideoPlayer } from './VideoPlayer.tsx';

// Idea pins are few: their viewer (and its words) load only when one is opened.
const StoryViewer = lazy(async () => ({ default: (await import('./StoryViewer.tsx')).StoryViewer }));

/** What the closeup shows of a pin: its idea pin pages, its video, or its image. */
export function PinMedia({ pin, alt }: { pin: Pin; alt: string }) {
  const image = pin.images['736x'];
  const picture = (
    <img
      className={styles.image}
      src={image.url}
      srcSet={imageSrcSet(pin)}
      sizes={imageSizes(pin)}
      width={image.width}
      height={image.height}
      alt={alt}
      fetchPriority="high"
      decoding="async"
      style={{ backgroundColor: pin.dominant_color }}
    />
  );
  if (pin.story_pages?.length) {
    // The cover stands in while the viewer's chunk arrives.
    return (
      <Suspense fallback={picture}>
        <StoryViewer pages={pin.story_pages} label={alt} />
      </Suspense>
    );
  }
  if (pin.video) return <VideoPlayer pin={pin} video={pin.video} label={alt} />;
  return picture;
}
