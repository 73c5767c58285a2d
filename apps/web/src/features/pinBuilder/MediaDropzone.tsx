import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from '../../i18n.ts';
import { ACCEPTED_MEDIA } from './mediaChecks.ts';
import media from './Media.module.css';

interface MediaDropzoneProps {
  onFile: (file: File) => void;
  /** The visible words of the file button ('Choose a file'). */
  chooseLabel?: string;
  /** A short zone (an idea pin's page) shows only the button. */
  compact?: boolean;
}

/** Drop a file here, or choose one: images and MP4 video (the server reads the real type). */
export function MediaDropzone({ onFile, chooseLabel, compact = false }: MediaDropzoneProps) {
  const { t } = useTranslation();
  const id = useId();
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <div
      className={[media.dropzone, compact && media.compact, over && media.over].filter(Boolean).join(' ')}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="media-dropzone"
    >
      {!compact && (
        <p className={media.dropText} aria-hidden="true">
          {t('pinBuilder.media.drop')}
        </p>
      )}
      <input
        id={id}
        type="file"
        accept={ACCEPTED_MEDIA}
        className={media.fileInput}
        aria-describedby={compact ? undefined : `${id}-hint`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Emptied, so choosing the same file again still reports it.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <label htmlFor={id} className={media.fileButton}>
        {chooseLabel ?? t('pinBuilder.media.choose')}
      </label>
      {!compact && (
        <p id={`${id}-hint`} className={media.hint}>
          {t('pinBuilder.media.hint')}
        </p>
      )}
    </div>
  );
}
