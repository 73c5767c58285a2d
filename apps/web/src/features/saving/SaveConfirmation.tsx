import type { RepinResult } from '@pinboard/shared';
import { useEffect, useEffectEvent, useMemo, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../i18n.ts';
import { CONFETTI_MS, confettiParticles, prefersReducedMotion } from './confetti.ts';
import styles from './SaveResult.module.css';

/** The overlay leaves by itself after 2.6 s. */
export const CONFIRMATION_MS = 2600;

/**
 * The save confirmation overlay (docs/product/saving.md#save-overlay): the pin's image flies into the board's
 * tile with confetti, and the heading says where it went. A click or Escape ends it early.
 */
export function SaveConfirmation({ result, onDone }: { result: RepinResult; onDone: () => void }) {
  const { t } = useTranslation();
  const finish = useEffectEvent(onDone);
  const particles = useMemo(() => (prefersReducedMotion() ? [] : confettiParticles()), []);
  const image = result.pin.images['236x'];
  const values = { selectedBoardName: result.board.name };
  // A save into a section names it ('… to {section} in {board}!', as the success dialog's title).
  const inSection = result.section && { ...values, sectionName: result.section.title };
  const heading = inSection
    ? result.is_first_save
      ? t('saving.firstSaveHeadingSection', inSection)
      : t('saving.savedHeadingSection', inSection)
    : result.is_first_save
      ? t('saving.firstSaveHeading', values)
      : t('saving.savedHeading', values);

  useEffect(() => {
    const timer = window.setTimeout(() => finish(), CONFIRMATION_MS);
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && finish();
    window.addEventListener('keydown', onKey);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('keydown', onKey);
    };
  }, []);

  return createPortal(
    <div className={styles.overlay} role="status" onClick={onDone}>
      <div className={styles.stage}>
        <div className={styles.tile} aria-hidden="true">
          <img className={styles.flying} src={image.url} alt="" />
        </div>
        <div className={styles.confetti} aria-hidden="true">
          {particles.map((particle, index) => (
            <span
              key={index}
              data-confetti
              className={styles.particle}
              style={
                {
                  '--x': `${particle.x}px`,
                  '--y': `${particle.y}px`,
                  '--r': `${particle.rotate}deg`,
                  '--color': particle.color,
                  animationDelay: `${particle.delayMs}ms`,
                  animationDuration: `${CONFETTI_MS}ms`,
                } as CSSProperties
              }
            />
          ))}
        </div>
      </div>
      <p className={styles.heading}>{heading}</p>
    </div>,
    document.body,
  );
}
