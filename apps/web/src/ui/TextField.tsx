import { useId, type ComponentPropsWithoutRef, type ReactNode, type Ref } from 'react';
import styles from './TextField.module.css';

type TextFieldProps = Omit<ComponentPropsWithoutRef<'input'>, 'id'> & {
  label: string;
  /** The message under the field; the field is marked invalid while there is one. */
  error?: ReactNode;
  /** A note under the field that is not an error (a hint, a suggestion). */
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input whose error and hint are tied to it with aria-invalid and aria-describedby. */
export function TextField({ label, error, hint, ref, className, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
      {hint && (
        <div id={hintId} className={styles.hint}>
          {hint}
        </div>
      )}
    </div>
  );
}
