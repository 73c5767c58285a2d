import type { ComponentPropsWithoutRef } from 'react';
import styles from './Button.module.css';

type ButtonProps = ComponentPropsWithoutRef<'button'> & { variant?: 'primary' | 'secondary' };

export function Button({ variant = 'secondary', className, type = 'button', ...props }: ButtonProps) {
  const classes = [styles.button, styles[variant], className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...props} />;
}
