import { useId } from 'react';
import { useTranslation } from '../i18n.ts';
import { Link } from 'react-router';
import { Button } from './Button.tsx';
import styles from './PageStates.module.css';

/** While a page's main answer loads. */
export function LoadingState({ text }: { text?: string }) {
  const { t } = useTranslation();
  return (
    <p role="status" className={styles.message}>
      {text ?? t('profile.loading')}
    </p>
  );
}

/** A load that failed for a reason other than "not found", with a retry. */
export function ErrorState({ onRetry, text }: { onRetry: () => void; text?: string }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className={styles.message}>
      <p>{text ?? t('profile.error')}</p>
      <Button onClick={onRetry}>{t('profile.retry')}</Button>
    </div>
  );
}

interface NotFoundStateProps {
  documentTitle: string;
  title: string;
  body: string;
}

/** A profile, board, section or pin that does not exist, or that the viewer may not see. */
export function NotFoundState({ documentTitle, title, body }: NotFoundStateProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className={styles.notFound} aria-labelledby={titleId}>
      <title>{documentTitle}</title>
      <h1 id={titleId} className={styles.notFoundTitle}>
        {title}
      </h1>
      <p>{body}</p>
      <Link to="/" className={styles.homeLink}>
        {t('profile.goHome')}
      </Link>
    </section>
  );
}
