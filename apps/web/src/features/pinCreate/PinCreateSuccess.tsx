import type { CreatedPin } from '@pinboard/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './PinCreate.module.css';

/** The success view closes the popup after 10 s. */
export const SUCCESS_CLOSE_MS = 10_000;

interface PinCreateSuccessProps {
  pin: CreatedPin;
  imageUrl: string;
  link: string | null;
  description: string;
}

/**
 * After the save (docs/product/creating.md#pin-create-page): the board's name, the image, the link, the
 * description and the new pin's id; the window closes itself after 10 s (a tab a script did not open stays).
 */
export function PinCreateSuccess({ pin, imageUrl, link, description }: PinCreateSuccessProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    const timer = window.setTimeout(() => window.close(), SUCCESS_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <section className={styles.success} aria-labelledby="pin-create-saved">
      <h1 id="pin-create-saved" ref={heading} tabIndex={-1} className={styles.heading}>
        {pin.section
          ? t('saving.savedToSection', { sectionName: pin.section.title, boardName: pin.board.name })
          : t('saving.savedToBoard', { boardName: pin.board.name })}
      </h1>
      <img className={styles.image} src={imageUrl} alt={t('pinCreate.imageAlt')} />
      <dl className={styles.facts}>
        <dt>{t('pinCreate.board')}</dt>
        <dd>
          <a href={pin.board.url} target="_blank" rel="noreferrer">
            {pin.board.name}
          </a>
        </dd>
        {link && (
          <>
            <dt>{t('pinCreate.link')}</dt>
            <dd>{link}</dd>
          </>
        )}
        {description && (
          <>
            <dt>{t('pinCreate.description')}</dt>
            <dd>{description}</dd>
          </>
        )}
        <dt>{t('pinCreate.pinId')}</dt>
        <dd data-testid="pin-id">{pin.id}</dd>
      </dl>
      <p role="status">{t('pinCreate.closing')}</p>
      <div className={styles.actions}>
        <a href={`/pin/${pin.id}/`} target="_blank" rel="noreferrer">
          {t('pinCreate.seeIt')}
        </a>
        <Button onClick={() => window.close()}>{t('pinCreate.close')}</Button>
      </div>
    </section>
  );
}
