import { useTranslation } from 'react-i18next';
import styles from './PinCreate.module.css';
import type { usePinImage } from './usePinImage.ts';

interface PinImagePreviewProps {
  image: ReturnType<typeof usePinImage>;
  color: string | null;
}

/** The pin's picture: the given media, or the link's first image once found, or why there is none. */
export function PinImagePreview({ image, color }: PinImagePreviewProps) {
  const { t } = useTranslation();
  if (image.isPending) {
    return (
      <p role="status" className={styles.placeholder}>
        {t('pinCreate.findingImage')}
      </p>
    );
  }
  if (!image.data) return <p className={styles.placeholder}>{t('pinCreate.noImage')}</p>;
  return (
    <img
      className={styles.image}
      src={image.data.url}
      alt={t('pinCreate.imageAlt')}
      style={color ? { backgroundColor: color } : undefined}
    />
  );
}
