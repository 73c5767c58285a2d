import type { CreatedPin } from '@pinboard/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { placeName } from './BoardChoice.tsx';
import styles from './PinBuilder.module.css';

/** 'Your Pin is published!': where it went, a link to it, and a fresh start. */
export function PublishResult({ created, onAnother }: { created: CreatedPin; onAnother: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: the focus moves to what replaced it.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section className={styles.result} aria-labelledby="publish-result">
      <h2 id="publish-result" className={styles.title} tabIndex={-1} ref={heading}>
        {t('pinBuilder.status.succeeded')}
      </h2>
      <p>
        {/* CreatedPin names the section without its slug: the board's page lists its sections. */}
        <Link to={created.board.url}>{t('pinBuilder.success.savedTo', { place: placeName(created) })}</Link>
      </p>
      <div className={styles.actions}>
        <Link className={styles.primaryLink} to={`/pin/${created.id}/`}>
          {t('pinBuilder.success.see')}
        </Link>
        <Button onClick={onAnother}>{t('pinBuilder.success.another')}</Button>
      </div>
    </section>
  );
}
