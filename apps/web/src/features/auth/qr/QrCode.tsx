import { useEffect, useState } from 'react';
import styles from './QrLogin.module.css';

/**
 * `text` drawn as a QR code: an SVG image with `label` as its text alternative. The encoder
 * (uqr) loads on first use, so the auth chunk does not carry it for everyone.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [drawn, setDrawn] = useState<{ text: string; src: string } | null>(null);

  useEffect(() => {
    let current = true;
    void import('uqr').then(({ renderSVG }) => {
      const svg = renderSVG(text, { ecc: 'M', border: 2 });
      if (current) setDrawn({ text, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
    });
    return () => {
      current = false;
    };
  }, [text]);

  // Until the encoder arrives (or while a new code is drawn) the square keeps its place.
  if (drawn?.text !== text)
    return <div className={styles.code} role="img" aria-label={label} aria-busy="true" />;
  return <img className={styles.code} src={drawn.src} alt={label} />;
}
