import type { FoundImage, Pin } from '@pinboard/shared';
import { useTranslation } from '../../i18n.ts';
import { pinAltText } from '../pins/pinText.ts';
import styles from './SaveMedia.module.css';

const COLUMNS = 3;

/**
 * The success dialog's grid (docs/product/saving.md#save-success-dialog): the saved pin's image first, then
 * the images of the page it links to, 3 columns in the dialog's fixed frame. Every cell's size is set by the
 * grid, not by its image, so images arriving late (or never) move nothing.
 */
export function WebsiteImageGrid({ pin, images }: { pin: Pin; images: FoundImage[] }) {
  const { t } = useTranslation();
  const site = siteOf(pin);
  const rows = Math.ceil((images.length + 1) / COLUMNS);
  return (
    <figure className={styles.frame}>
      <ul
        className={styles.grid}
        style={{ gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))` }}
        aria-label={t('saving.websiteImages', { site })}
      >
        <li className={styles.cell}>
          <img
            className={styles.media}
            src={pin.images['236x'].url}
            alt={pinAltText(pin, t)}
            style={{ backgroundColor: pin.dominant_color }}
          />
        </li>
        {images.map((image, index) => (
          <li key={image.url} className={styles.cell}>
            <img
              className={styles.media}
              src={image.url}
              alt={t('saving.websiteImage', { number: index + 1, site })}
              loading="lazy"
              decoding="async"
              referrerPolicy="no-referrer"
            />
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** The website's name for the alt texts: the pin's domain, else its link's host. */
function siteOf(pin: Pin): string {
  if (pin.domain) return pin.domain;
  try {
    return new URL(pin.link ?? '').hostname;
  } catch {
    return pin.link ?? '';
  }
}
