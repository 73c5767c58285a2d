import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ToastContext, type ToastOptions } from './toastContext.ts';
import styles from './Toast.module.css';

interface ToastItem extends ToastOptions {
  id: number;
  text: string;
}

/**
 * Toasts for the whole app: one polite live region (role=status) that is always in the page,
 * so screen readers announce a message added to it; each message leaves after its duration.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const show = useCallback((text: string, options: ToastOptions) => {
    const id = ++nextId.current;
    setToasts((current) => [...current, { id, text, ...options }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setToasts((current) => current.filter((toast) => toast.id !== id));
    }, options.durationMs);
    timers.current.add(timer);
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext value={api}>
      {children}
      <div role="status" className={styles.region}>
        {toasts.map((toast) => (
          <p
            key={toast.id}
            className={toast.tone === 'error' ? `${styles.toast} ${styles.error}` : styles.toast}
          >
            {toast.text}
            {toast.action && (
              <>
                {' '}
                <button
                  type="button"
                  className={styles.action}
                  onClick={() => {
                    setToasts((current) => current.filter((item) => item.id !== toast.id));
                    toast.action!.onClick();
                  }}
                >
                  {toast.action.label}
                </button>
              </>
            )}
            {toast.link && (
              <>
                {' '}
                <a className={styles.link} href={toast.link.href}>
                  {toast.link.label}
                </a>
              </>
            )}
          </p>
        ))}
      </div>
    </ToastContext>
  );
}
