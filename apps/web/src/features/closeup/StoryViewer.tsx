import './storyWords.ts';
import type { StoryPage } from '@pinboard/shared';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n.ts';
import styles from './StoryViewer.module.css';

/**
 * An idea pin in the closeup: one 9:16 page at a time with its text, progress segments above,
 * and Previous / Next (buttons, or the left and right arrow keys once the story has the focus).
 * Pages change only when asked: nothing advances by itself, so every page can be read.
 */
export function StoryViewer({ pages, label }: { pages: StoryPage[]; label: string }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const total = pages.length;
  const page = pages[index]!;
  const go = (to: number) => setIndex(Math.max(0, Math.min(total - 1, to)));
  const onKeyDown = (event: KeyboardEvent) => {
    // Keys inside a page's video player belong to the player.
    if (event.target instanceof HTMLVideoElement) return;
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else return;
    event.preventDefault();
  };

  return (
    <section
      className={styles.story}
      aria-roledescription={t('story.label')}
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <ol className={styles.segments} aria-hidden="true">
        {pages.map((_, segment) => (
          <li key={segment} className={segment <= index ? styles.seen : undefined} />
        ))}
      </ol>
      <p className={styles.position} aria-live="polite">
        {t('story.progress', { current: index + 1, total })}
      </p>
      <div className={styles.frame}>
        {page.video ? (
          <video
            key={index}
            className={styles.media}
            src={page.video.url}
            poster={page.images['736x'].url}
            controls
            playsInline
            preload="metadata"
            aria-label={t('story.pageAlt', { number: index + 1, total })}
          />
        ) : (
          <img
            key={index}
            className={styles.media}
            src={page.images['736x'].url}
            alt={t('story.pageAlt', { number: index + 1, total })}
          />
        )}
        {page.text && !page.video && <p className={styles.text}>{page.text}</p>}
      </div>
      {/* Under a video, so its controls stay clear. */}
      {page.text && page.video && <p className={styles.caption}>{page.text}</p>}
      <div className={styles.controls}>
        <button type="button" className={styles.step} disabled={index === 0} onClick={() => go(index - 1)}>
          <span aria-hidden="true">‹ </span>
          {t('story.previous')}
        </button>
        <button
          type="button"
          className={styles.step}
          disabled={index === total - 1}
          onClick={() => go(index + 1)}
        >
          {t('story.next')}
          <span aria-hidden="true"> ›</span>
        </button>
      </div>
    </section>
  );
}
