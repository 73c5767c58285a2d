import { useId } from 'react';
import styles from './CodeField.module.css';

/**
 * A labelled, read-only block of code to copy (an embed code, a conversion tag's snippet): the
 * whole text is selected when it gets focus.
 */
export function CodeField({ label, value, rows }: { label: string; value: string; rows: number }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className={styles.code}
        rows={rows}
        readOnly
        value={value}
        onFocus={(event) => event.currentTarget.select()}
      />
    </>
  );
}
