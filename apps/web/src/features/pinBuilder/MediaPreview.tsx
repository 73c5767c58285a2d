import { useTranslation } from '../../i18n.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { PIN_ASPECT_RATIOS, type PinAspectRatio } from './pinBuilderForm.ts';
import media from './Media.module.css';
import type { MediaSlot } from './useMediaSlots.ts';

interface MediaPreviewProps {
  slot: Extract<MediaSlot, { status: 'uploading' | 'ready' }>;
  /** Width / height of the frame; null: the media's own shape. */
  ratio: number | null;
  alt: string;
  onRemove?: () => void;
}

/**
 * The chosen picture or video in a frame of the chosen ratio, cropped with `object-fit: cover`
 * (a preview: the server keeps the whole image), dimmed with 'Uploading…' while being sent.
 */
export function MediaPreview({ slot, ratio, alt, onRemove }: MediaPreviewProps) {
  const { t } = useTranslation();
  const poster = slot.status === 'ready' ? slot.upload.images?.['736x'].url : undefined;
  return (
    <div
      className={[media.preview, ratio !== null && media.framed].filter(Boolean).join(' ')}
      style={ratio !== null ? { aspectRatio: String(ratio) } : undefined}
    >
      {slot.kind === 'video' ? (
        <video
          className={media.previewMedia}
          src={slot.previewUrl}
          poster={poster}
          aria-label={alt}
          muted
          playsInline
          controls
        />
      ) : (
        <img className={media.previewMedia} src={slot.previewUrl} alt={alt} />
      )}
      {slot.status === 'uploading' && (
        <p className={media.uploading} role="status">
          <Spinner />
          {t('pinBuilder.media.uploading')}
        </p>
      )}
      {onRemove && (
        <button type="button" className={media.remove} onClick={onRemove}>
          {t('pinBuilder.media.remove')}
        </button>
      )}
    </div>
  );
}

/** The ratio choice of a single pin (docs/product/creating.md#rules): Original, 2:3, 3:4, 1:1. */
export function AspectRatioChoice({
  value,
  onChange,
}: {
  value: PinAspectRatio;
  onChange: (ratio: PinAspectRatio) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className={media.ratios} aria-describedby="aspect-ratio-hint">
      <legend className={media.label}>{t('pinBuilder.ratio.label')}</legend>
      {(Object.keys(PIN_ASPECT_RATIOS) as PinAspectRatio[]).map((ratio) => (
        <label key={ratio} className={media.ratio}>
          <input
            type="radio"
            name="aspect-ratio"
            value={ratio}
            checked={value === ratio}
            onChange={() => onChange(ratio)}
          />
          <span>{t(`pinBuilder.ratio.${ratio}`)}</span>
        </label>
      ))}
      <p id="aspect-ratio-hint" className={media.hint}>
        {t('pinBuilder.ratio.hint')}
      </p>
    </fieldset>
  );
}
