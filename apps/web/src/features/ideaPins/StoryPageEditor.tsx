import { STORY_PAGE_TEXT_MAX } from '@pinboard/shared';
import { useId } from 'react';
import { useTranslation } from '../../i18n.ts';
import { MediaDropzone } from '../pinBuilder/MediaDropzone.tsx';
import { MediaPreview } from '../pinBuilder/MediaPreview.tsx';
import { STORY_ASPECT_RATIO } from '../pinBuilder/pinBuilderForm.ts';
import { Counter } from '../pinBuilder/PinTextFields.tsx';
import type { MediaSlot } from '../pinBuilder/useMediaSlots.ts';
import styles from './IdeaPinBuilder.module.css';
import type { StoryPageDraft } from './storyPages.ts';

interface StoryPageEditorProps {
  page: StoryPageDraft;
  number: number;
  total: number;
  slot: MediaSlot | undefined;
  onFile: (file: File) => void;
  onText: (text: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** One page of an idea pin: its image or video in a 9:16 frame, its text, and its place. */
export function StoryPageEditor({ page, number, total, slot, ...on }: StoryPageEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const tooLong = page.text.length > STORY_PAGE_TEXT_MAX;

  return (
    <li className={styles.page} aria-labelledby={`${id}-label`}>
      <h3 id={`${id}-label`} className={styles.pageLabel}>
        {t('ideaPins.page.label', { number })}
      </h3>
      <div className={styles.frame}>
        {slot && slot.status !== 'failed' ? (
          <MediaPreview
            slot={slot}
            ratio={STORY_ASPECT_RATIO}
            alt={t('ideaPins.page.previewAlt', { number })}
          />
        ) : (
          <MediaDropzone compact onFile={on.onFile} chooseLabel={t('ideaPins.page.choose')} />
        )}
      </div>
      {slot?.status === 'failed' && (
        <p role="alert" className={styles.error}>
          {slot.message}
        </p>
      )}
      {slot && slot.status !== 'failed' && (
        <MediaDropzone compact onFile={on.onFile} chooseLabel={t('ideaPins.page.replace')} />
      )}
      <label htmlFor={`${id}-text`} className={styles.textLabel}>
        {t('ideaPins.page.text', { number })}
      </label>
      <textarea
        id={`${id}-text`}
        className={styles.text}
        rows={3}
        placeholder={t('ideaPins.page.textPlaceholder')}
        value={page.text}
        aria-invalid={tooLong ? true : undefined}
        aria-describedby={`${id}-counter`}
        onChange={(event) => on.onText(event.target.value)}
      />
      <div id={`${id}-counter`} className={styles.counter}>
        <Counter count={page.text.length} max={STORY_PAGE_TEXT_MAX} />
      </div>
      <div className={styles.pageTools}>
        <button
          type="button"
          className={styles.tool}
          disabled={number === 1}
          aria-label={t('ideaPins.page.moveUp', { number })}
          onClick={() => on.onMove(-1)}
        >
          ↑
        </button>
        <button
          type="button"
          className={styles.tool}
          disabled={number === total}
          aria-label={t('ideaPins.page.moveDown', { number })}
          onClick={() => on.onMove(1)}
        >
          ↓
        </button>
        <button
          type="button"
          className={styles.tool}
          disabled={total === 1}
          aria-label={t('ideaPins.page.remove', { number })}
          onClick={on.onRemove}
        >
          ×
        </button>
      </div>
    </li>
  );
}
