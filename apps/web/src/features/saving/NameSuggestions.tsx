import { useTranslation } from '../../i18n.ts';
import styles from './BoardPicker.module.css';
import { useTitleSuggestions } from './useBoardPicker.ts';

/** Names for a new board or section for this pin (docs/product/saving.md#board-picker), as chips. */
export function NameSuggestions({ pinId, onPick }: { pinId: string; onPick: (name: string) => void }) {
  const { t } = useTranslation();
  const { data } = useTitleSuggestions(pinId);
  if (!data?.length) return null;
  return (
    <div className={styles.suggestions} role="group" aria-label={t('saving.suggestions')}>
      {data.map((title) => (
        <button key={title} type="button" className={styles.chip} onClick={() => onPick(title)}>
          {title}
        </button>
      ))}
    </div>
  );
}
