import { MIN_SIGNUP_INTERESTS } from '@pinboard/shared';
import { useState } from 'react';
import { useTranslation } from '../../../i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormError } from '../../../ui/FormError.tsx';
import { InterestPicker } from '../../people/InterestPicker.tsx';
import { useInterests, useSaveInterests } from '../../people/useInterests.ts';
import styles from '../AuthFlow.module.css';
import { StepHeading } from '../parts.tsx';

interface InterestsStepProps {
  titleId: string;
  /** The account is made: what follows sign-up (the page becomes the new person's). */
  onDone: () => Promise<void>;
}

/**
 * Right after sign-up (the birthday was on the form before): pick at least
 * MIN_SIGNUP_INTERESTS interests for the home feed, or skip (decision 47).
 */
export function InterestsStep({ titleId, onDone }: InterestsStepProps) {
  const { t } = useTranslation();
  const interests = useInterests();
  const save = useSaveInterests();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [done, setDone] = useState(false);
  const enough = selected.size >= MIN_SIGNUP_INTERESTS;

  function toggle(name: string) {
    const next = new Set(selected);
    if (!next.delete(name)) next.add(name);
    setSelected(next);
  }

  async function finish(names: string[] | null) {
    if (done || save.isPending) return;
    if (names) {
      try {
        await save.mutateAsync(names);
      } catch {
        return;
      }
    }
    setDone(true);
    await onDone();
  }

  return (
    <div className={styles.step}>
      <StepHeading titleId={titleId} title={t('people.interests.signupTitle')}>
        {t('people.interests.signupHint', { count: MIN_SIGNUP_INTERESTS })}
      </StepHeading>
      {/* One height whatever the list holds, loading or loaded: the buttons below never move. */}
      <div className={styles.interests}>
        {interests.status === 'pending' ? (
          <p role="status">{t('people.interests.loading')}</p>
        ) : interests.status === 'error' ? (
          <p role="alert">{t('people.interests.loadFailed')}</p>
        ) : (
          <InterestPicker
            interests={interests.data.interests}
            selected={selected}
            onToggle={toggle}
            labelledBy={titleId}
          />
        )}
      </div>
      <p role="status" className={styles.textLeft}>
        {t('people.interests.picked', { count: selected.size })}
      </p>
      {save.isError && <FormError>{t('people.interests.saveFailed')}</FormError>}
      <Button
        variant="primary"
        aria-disabled={!enough || save.isPending || undefined}
        onClick={() => enough && void finish([...selected])}
      >
        {save.isPending ? t('people.interests.saving') : t('people.interests.next')}
      </Button>
      <Button onClick={() => void finish(null)}>{t('people.interests.skip')}</Button>
    </div>
  );
}
