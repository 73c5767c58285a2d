import { useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import styles from './PinCreate.module.css';
import type { usePinImage } from './usePinImage.ts';

interface PinImagePreviewProps {
  image: ReturnType<typeof usePinImage>;
  color: string | null;
}

/**
 * The pin's picture: the given media, or the link's first image once found, or why there is none
 * (none found, or a picture whose address does not load: said in words, not a broken image).
 */
export function PinImagePreview({ image, color }: PinImagePreviewProps) {
  const { t } = useTranslation();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (image.isPending) {
    return (
      <p role="status" className={styles.placeholder}>
        {t('pinCreate.findingImage')}
      </p>
    );
  }
  if (!image.data) return <p className={styles.placeholder}>{t('pinCreate.noImage')}</p>;
  const url = image.data.url;
  if (failedUrl === url) {
    return (
      <p role="alert" className={styles.placeholder}>
        {t('pinCreate.imageFailed')}
      </p>
    );
  }
  return (
    <img
      className={styles.image}
      src={url}
      alt={t('pinCreate.imageAlt')}
      style={color ? { backgroundColor: color } : undefined}
      onError={() => setFailedUrl(url)}
    />
  );
}
