import { useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import list from './Collaborators.module.css';
import type { QueuedInvitee } from './useCollaborators.ts';

/**
 * The invite queue (docs/product/boards.md#rules): picking someone toggles them in or out. `take` empties
 * it and answers what it held (to send); `restore` puts a refused queue back.
 */
export function useInviteQueue() {
  const [queue, setQueue] = useState<QueuedInvitee[]>([]);
  const toggle = (entry: QueuedInvitee) =>
    setQueue((current) =>
      current.some((other) => other.key === entry.key)
        ? current.filter((other) => other.key !== entry.key)
        : [...current, entry],
    );
  return {
    queue,
    keys: new Set(queue.map((entry) => entry.key)) as ReadonlySet<string>,
    toggle,
    take: () => {
      setQueue([]);
      return queue;
    },
    restore: setQueue,
  };
}

/** The queued people and addresses as chips, each with a button that takes it off. */
export function InviteQueue({
  queue,
  onToggle,
}: {
  queue: QueuedInvitee[];
  onToggle: (entry: QueuedInvitee) => void;
}) {
  const { t } = useTranslation();
  if (queue.length === 0) return null;
  return (
    <ul className={list.queue} aria-label={t('boardActions.queue')}>
      {queue.map((entry) => (
        <li key={entry.key} className={list.chip}>
          {entry.label}
          <button
            type="button"
            className={list.chipRemove}
            aria-label={t('boardActions.unqueue', { name: entry.label })}
            onClick={() => onToggle(entry)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
