import type { CollaboratorSuggestion, UserSummary } from '@pinboard/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { TextField } from '../../ui/TextField.tsx';
import { PinnerAvatar } from '../pins/PinnerAvatar.tsx';
import styles from './Collaborators.module.css';
import { fetchSuggestions, suggestionsKey } from './collaboratorsApi.ts';
import type { QueuedInvitee } from './useCollaborators.ts';
import { useDebouncedValue } from './useDebouncedValue.ts';

/** The typeahead asks once typing pauses this long. */
export const TYPEAHEAD_DELAY_MS = 300;

/** A suggestion as a queue entry (a person by id, an address by itself). */
export function queuedFrom(row: CollaboratorSuggestion): QueuedInvitee {
  if (row.type === 'email') {
    return {
      key: `email:${row.id.toLowerCase()}`,
      invitee: { type: 'email', email: row.id },
      user: null,
      label: row.id,
    };
  }
  const user: UserSummary = {
    id: row.id,
    username: row.username ?? '',
    full_name: row.full_name,
    first_name: row.full_name,
    image_medium_url: row.image_medium_url,
    image_large_url: null,
    avatar_color_index: 0,
  };
  return { key: `user:${row.id}`, invitee: { type: 'user', id: row.id }, user, label: row.full_name };
}

interface InviteTypeaheadProps {
  /** Null for a board being created. */
  boardId: string | null;
  /** The field's label, when not 'Search by name or email address'. */
  label?: string;
  queued: ReadonlySet<string>;
  onToggle: (entry: QueuedInvitee) => void;
  /**
   * Enter in the field: sends, with the first row that may be invited and is not queued yet (null
   * when there is none). Without it Enter does nothing.
   */
  onEnter?: (entry: QueuedInvitee | null) => void;
}

/**
 * The invite field (docs/product/boards.md#api-calls): people matching what is typed, or one row for an
 * email address that says 'Keep typing!' while invalid, 'Click to send!' when valid and 'Done!'
 * once queued. Picking a row toggles it in or out of the queue.
 */
export function InviteTypeahead({ boardId, label, queued, onToggle, onEnter }: InviteTypeaheadProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [q, setQ] = useState('');
  const settled = useDebouncedValue(q.trim(), TYPEAHEAD_DELAY_MS);
  const suggestions = useQuery({
    queryKey: suggestionsKey(boardId, settled),
    queryFn: ({ signal }) => fetchSuggestions(boardId, settled, signal),
    enabled: settled !== '',
    placeholderData: (previous) => previous,
  });
  const rows = settled === '' ? [] : (suggestions.data ?? []);

  function statusOf(row: CollaboratorSuggestion, selected: boolean): string | null {
    if (selected) return t('boardActions.done');
    if (row.type !== 'email') return null;
    return row.valid ? t('boardActions.clickToSend') : t('boardActions.keepTyping');
  }

  return (
    <div className={styles.typeahead}>
      <TextField
        label={label ?? t('boardActions.inviteSearch')}
        type="search"
        autoComplete="off"
        data-autofocus={boardId !== null || undefined}
        aria-controls={listId}
        value={q}
        onChange={(event) => setQ(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || !onEnter) return;
          event.preventDefault();
          const first = rows.find((row) => row.valid && !queued.has(queuedFrom(row).key));
          onEnter(first ? queuedFrom(first) : null);
          if (first) setQ('');
        }}
      />
      <ul id={listId} className={styles.rows} aria-label={t('boardActions.suggestions')}>
        {rows.map((row) => {
          const entry = queuedFrom(row);
          const selected = queued.has(entry.key);
          const status = statusOf(row, selected);
          return (
            <li key={entry.key}>
              <button
                type="button"
                className={styles.row}
                aria-pressed={selected}
                aria-disabled={!row.valid || undefined}
                onClick={() => {
                  if (row.valid) onToggle(entry);
                }}
              >
                {entry.user && <PinnerAvatar user={entry.user} size={32} />}
                <span className={styles.rowText}>
                  <span>{row.full_name}</span>
                  {row.username && <span className={styles.subtle}>@{row.username}</span>}
                </span>
                {status && <span className={styles.status}>{status}</span>}
              </button>
            </li>
          );
        })}
        {settled !== '' && suggestions.isSuccess && rows.length === 0 && (
          <li className={styles.subtle}>{t('boardActions.noMatches')}</li>
        )}
      </ul>
    </div>
  );
}
