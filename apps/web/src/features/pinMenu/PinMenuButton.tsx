import type { Pin } from '@pinboard/shared';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import styles from './PinMenu.module.css';

// The menu, its dialogs and words are a chunk of their own, loaded on hover, focus or the first open.
const PinMenuPanel = lazy(async () => ({ default: (await import('./PinMenuPanel.tsx')).PinMenuPanel }));

export function preloadPinMenu() {
  void import('./PinMenuPanel.tsx');
}

interface PinMenuButtonProps {
  pin: Pin;
  /** Over a grid card's image (`imageHeight` tall), or in the closeup's toolbar. */
  placement: 'card' | 'closeup';
  imageHeight?: number;
}

/**
 * A pin's "…" menu: Edit and Delete for its pinner, See fewer like this and Report for
 * others, Download image, Copy link and the embed code for everyone.
 */
export function PinMenuButton({ pin, placement, imageHeight }: PinMenuButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <div
      className={placement === 'card' ? styles.cardSlot : styles.closeupSlot}
      style={placement === 'card' ? { height: imageHeight } : undefined}
      data-open={open || undefined}
    >
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        aria-label={t('pin.moreLabel')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        onPointerEnter={preloadPinMenu}
        onFocus={preloadPinMenu}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="5" cy="12" r="2.2" />
          <circle cx="12" cy="12" r="2.2" />
          <circle cx="19" cy="12" r="2.2" />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <PinMenuPanel pin={pin} trigger={trigger} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
