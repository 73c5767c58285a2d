import { useTranslation } from '../i18n.ts';
import { Button } from '../ui/Button.tsx';
import styles from './StatusPage.module.css';

/**
 * The router's last resort: a render error, or a route module that failed to load
 * (typically a tab left open across a deploy, whose old chunk names are gone).
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <section role="alert" className={styles.page}>
      <h1 className={styles.title}>{t('routeError.title')}</h1>
      <p>{t('routeError.body')}</p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>
    </section>
  );
}
