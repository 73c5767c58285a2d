import { AUTH_LIMITS } from '@pinboard/shared';
import type { CSSProperties, ReactNode } from 'react';
import { LogoMark } from '../shell/icons.tsx';
import styles from './AuthFlow.module.css';

/** The top of every step: the logo, the title that names the dialog, and an optional line under it. */
export function StepHeading({
  titleId,
  title,
  children,
}: {
  titleId: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <>
      <span className={styles.logo} aria-hidden="true">
        <LogoMark />
      </span>
      <h1 id={titleId} className={styles.title}>
        {title}
      </h1>
      {children && <p className={styles.subtitle}>{children}</p>}
    </>
  );
}

/** The spec's 268 px form column. */
export const FORM_STYLE = { '--form-width': `${AUTH_LIMITS.formWidth}px` } as CSSProperties;

/** A message about the whole form, read out when it appears. */
export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className={styles.formError}>
      {children}
    </p>
  );
}
