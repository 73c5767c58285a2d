import './words.ts';
import type { Pin } from '@pinboard/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { MoveDialog } from './MoveDialog.tsx';
import styles from './Organizer.module.css';
import { SelectablePins } from './SelectablePins.tsx';
import { useMovePins, type PinPlace } from './useMovePins.ts';

export interface OrganizerProps {
  /** The board or section whose pins these are. */
  place: PinPlace;
  /** The pins loaded so far. */
  pins: Pin[];
  /** The ordinary grid, shown outside 'Organize' mode. */
  feed: ReactNode;
}

/**
 * 'Organize' mode for a board's or section's owner and collaborators: pick pins with a
 * checkbox each, then 'Move' them to another board or section through the board picker.
 */
export function Organizer({ place, pins, feed }: OrganizerProps) {
  const { t } = useTranslation();
  const [organizing, setOrganizing] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [choosing, setChoosing] = useState(false);
  const move = useMovePins();
  // Pins that left the list (moved, or gone after a refetch) are no longer selected.
  const chosen = pins.filter((pin) => selected.has(pin.id));

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const stop = () => {
    setOrganizing(false);
    setSelected(new Set());
  };

  return (
    <>
      <div className={styles.toolbar}>
        {organizing ? (
          <>
            <p role="status" className={styles.count}>
              {t('moving.selected', { count: chosen.length })}
            </p>
            <Button variant="primary" disabled={chosen.length === 0} onClick={() => setChoosing(true)}>
              {t('moving.move')}
            </Button>
            <Button onClick={stop}>{t('moving.done')}</Button>
          </>
        ) : (
          <Button onClick={() => setOrganizing(true)}>{t('moving.organize')}</Button>
        )}
      </div>
      {organizing ? <SelectablePins pins={pins} selected={selected} onToggle={toggle} /> : feed}
      {choosing && chosen.length > 0 && (
        <MoveDialog
          from={place}
          pinId={chosen[0]!.id}
          onClose={() => setChoosing(false)}
          onMove={(to, placeName) => {
            setChoosing(false);
            setSelected(new Set());
            move.mutate({ from: place, to, pins: chosen, placeName });
          }}
        />
      )}
    </>
  );
}
