import type { ReactNode } from 'react';
import styles from './FormError.module.css';

/**
 * A message about the whole form, read out when it appears; nothing while there is none.
 * `className` replaces the form column's spacing where another layout places it.
 */
export function FormError({ children, className }: { children: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <p role="alert" className={className ?? styles.formError}>
      {children}
    </p>
  );
}
