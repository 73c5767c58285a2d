import { useId, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import styles from './AuthFlow.module.css';
import type { BotCheck } from './botCheck/useBotCheck.ts';

/**
 * The visible check after 'You logged in too quickly' (docs/product/accounts.md#messages): ticking the box
 * solves a fresh challenge, which the next login sends.
 */
export function BotCheckPanel({ botCheck }: { botCheck: BotCheck }) {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<'idle' | 'checking' | 'done' | 'failed'>('idle');

  async function check() {
    setState('checking');
    setState((await botCheck.verify()) ? 'done' : 'failed');
  }

  return (
    <div className={styles.textLeft}>
      <p role="alert" className={styles.formError}>
        {t('errors.login_too_quick')}
      </p>
      <label className={styles.checkbox} htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={state === 'done' || state === 'checking'}
          disabled={state === 'checking' || state === 'done'}
          onChange={() => void check()}
        />
        {t('auth.botCheck.label')}
      </label>
      <p role="status" className={styles.small}>
        {state === 'checking' && t('auth.botCheck.checking')}
        {state === 'done' && t('auth.botCheck.done')}
        {state === 'failed' && t('auth.botCheck.failed')}
      </p>
    </div>
  );
}
