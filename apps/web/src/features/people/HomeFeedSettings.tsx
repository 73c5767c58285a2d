import type { Interest } from '@pinboard/shared/discover';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { InterestPicker } from './InterestPicker.tsx';
import { useInterests, useSaveInterests } from './useInterests.ts';
import styles from './HomeFeedSettings.module.css';
import './words.ts';

/** The viewer's interests, changed by toggling tiles and saved with Save. */
export function HomeFeedSettings() {
  const { t } = useTranslation();
  const titleId = useId();
  const interests = useInterests();
  const save = useSaveInterests();
  return (
    <section aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.title}>
        {t('people.interests.settingsTitle')}
      </h1>
      <p className={styles.intro}>{t('people.interests.settingsIntro')}</p>
      {interests.status === 'pending' ? (
        <p role="status">{t('people.interests.loading')}</p>
      ) : interests.status === 'error' ? (
        <p role="alert">{t('people.interests.loadFailed')}</p>
      ) : (
        // What the server holds is where editing starts, again after each save.
        <InterestsEditor
          key={interests.data.chosen.join(' ')}
          catalogue={interests.data.interests}
          chosen={interests.data.chosen}
          save={save}
        />
      )}
    </section>
  );
}

interface InterestsEditorProps {
  catalogue: Interest[];
  chosen: string[];
  save: ReturnType<typeof useSaveInterests>;
}

function InterestsEditor({ catalogue, chosen, save }: InterestsEditorProps) {
  const { t } = useTranslation();
  const legendId = useId();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(chosen));
  const inCatalogue = new Set(catalogue.map((interest) => interest.name));

  function toggle(name: string) {
    const next = new Set(selected);
    if (!next.delete(name)) next.add(name);
    setSelected(next);
    save.reset();
  }

  return (
    <>
      <h2 id={legendId} className={styles.legend}>
        {t('people.interests.settingsLegend')}
      </h2>
      {catalogue.length === 0 && chosen.length === 0 ? (
        <p>{t('people.interests.none')}</p>
      ) : (
        <InterestPicker
          interests={catalogue}
          extra={chosen.filter((name) => !inCatalogue.has(name))}
          selected={selected}
          onToggle={toggle}
          labelledBy={legendId}
        />
      )}
      <div className={styles.actions}>
        <p role="status" className={styles.status}>
          {save.isSuccess
            ? t('people.interests.saved')
            : t('people.interests.picked', { count: selected.size })}
        </p>
        {save.isError && <FormError>{t('people.interests.saveFailed')}</FormError>}
        <Button
          variant="primary"
          aria-disabled={save.isPending || undefined}
          onClick={() => !save.isPending && save.mutate([...selected])}
        >
          {save.isPending ? t('people.interests.saving') : t('people.interests.save')}
        </Button>
      </div>
    </>
  );
}
