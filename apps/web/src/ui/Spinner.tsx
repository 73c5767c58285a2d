import styles from './Spinner.module.css';

/**
 * A small turning ring while something loads in a list or a button (hidden from screen readers:
 * the words beside it say it). The feed's larger one stays with the feed, so the first page
 * loads no extra chunk for it.
 */
export function Spinner() {
  return <span className={styles.spinner} aria-hidden="true" />;
}
