import { useTranslation } from '../../i18n.ts';
import { usePin } from '../closeup/usePin.ts';
import { pinAltText } from '../pins/pinText.ts';
import styles from './AuthFlow.module.css';

/**
 * The pin a visitor wanted to save or download, above the sign-up title (docs/product/accounts.md#screens):
 * its 236x image over its dominant colour, or the colour alone while it loads.
 */
export function PinPreview({ pinId }: { pinId: string }) {
  const { t } = useTranslation();
  const { data: pin } = usePin(pinId);
  if (!pin) return null;
  const image = pin.images['236x'];
  return (
    <img
      className={styles.pinImage}
      src={image.url}
      width={image.width}
      height={image.height}
      alt={pinAltText(pin, t)}
      style={{ backgroundColor: pin.dominant_color }}
    />
  );
}
