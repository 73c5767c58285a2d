import {
  canSubmitConsents,
  CONSENT_KEYS_OPTIONAL,
  CONSENT_KEYS_REQUIRED,
  NO_CONSENTS,
  toggleConsent,
  type ConsentKey,
  type ConsentState,
} from '@pinboard/shared';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormError } from '../../../ui/FormError.tsx';
import styles from '../AuthFlow.module.css';
import { errorText } from '../errorText.ts';
import { StepHeading } from '../parts.tsx';

interface ConsentsStepProps {
  titleId: string;
  onBack: () => void;
  /** Registers with these choices; resolves an error code to show here, or null. */
  onNext: (consents: ConsentState) => Promise<string | null>;
}

/** The consent boxes, with the shared rules for 'Agree to all' and Next. */
export function ConsentsStep({ titleId, onBack, onNext }: ConsentsStepProps) {
  const { t } = useTranslation();
  const textId = useId();
  const [state, setState] = useState<ConsentState>(NO_CONSENTS);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const box = (key: ConsentKey | 'agreeToAll') => (
    <label key={key} className={styles.checkbox}>
      <input type="checkbox" checked={state[key]} onChange={() => setState(toggleConsent(state, key))} />
      {t(`auth.consents.${key}`)}
    </label>
  );

  async function next() {
    setBusy(true);
    setError(await onNext(state));
    setBusy(false);
  }

  return (
    <div className={styles.step}>
      <StepHeading titleId={titleId} title={t('auth.consents.title')} />
      <p id={textId} className={styles.textLeft}>
        {t('auth.consents.text')}
      </p>
      {box('agreeToAll')}
      <fieldset className={styles.fieldset}>
        <legend>{t('auth.consents.required')}</legend>
        {CONSENT_KEYS_REQUIRED.map(box)}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>{t('auth.consents.optional')}</legend>
        {CONSENT_KEYS_OPTIONAL.map(box)}
      </fieldset>
      {error && <FormError>{errorText(t, error)}</FormError>}
      <div className={styles.buttonRow}>
        <Button onClick={onBack}>{t('auth.consents.back')}</Button>
        <Button
          variant="primary"
          disabled={!canSubmitConsents(state) || busy}
          aria-describedby={textId}
          onClick={() => void next()}
        >
          {t('auth.consents.next')}
        </Button>
      </div>
    </div>
  );
}
