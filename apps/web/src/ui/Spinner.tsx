import styles from './Spinner.module.css';

/** A turning ring while something loads (hidden from screen readers: the words beside it say it). */
export function Spinner({ size = 'small' }: { size?: 'small' | 'large' }) {
  return <span className={styles[size]} aria-hidden="true" />;
}
