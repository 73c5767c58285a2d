import './words.ts';
import type { Conversation } from '@pinboard/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { queries } from '../../api/endpoints.ts';
import { Button } from '../../ui/Button.tsx';
import { PinnerAvatar } from '../pins/PinnerAvatar.tsx';
import { memberNames, messagePreview } from './conversationText.ts';
import styles from './Messages.module.css';
import { PeoplePicker } from './PeoplePicker.tsx';

type Filter = 'inbox' | 'requests';

/**
 * The inbox panel under the header's messages icon: the viewer's conversations and message
 * requests, newest first; each opens its conversation page. New message turns the panel into a
 * people picker that opens the conversation with those picked. Escape or a click outside closes it.
 */
export function InboxPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [filter, setFilter] = useState<Filter>('inbox');
  const [composing, setComposing] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const list = useQuery(queries.listConversations({ query: { filter, page_size: 25 } }));

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panel.current && !panel.current.parentElement?.contains(target)) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [onClose]);

  return (
    <div ref={panel} className={styles.panel} role="dialog" aria-labelledby={titleId}>
      <div className={styles.panelHeader}>
        {composing && (
          <button
            type="button"
            className={styles.close}
            aria-label={t('messages.newMessage.back')}
            onClick={() => setComposing(false)}
          >
            ‹
          </button>
        )}
        <h2 id={titleId} className={styles.panelTitle}>
          {t(composing ? 'messages.newMessage.title' : 'messages.panelLabel')}
        </h2>
        {!composing && (
          <Button className={styles.newMessage} onClick={() => setComposing(true)}>
            {t('messages.newMessage.open')}
          </Button>
        )}
        <button type="button" className={styles.close} aria-label={t('messages.close')} onClick={onClose}>
          ×
        </button>
      </div>
      {composing ? (
        <PeoplePicker onSent={onClose} />
      ) : (
        <>
          <div className={styles.tabs} role="tablist">
            {(['inbox', 'requests'] as const).map((value) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={filter === value}
                className={styles.tab}
                onClick={() => setFilter(value)}
              >
                {t(value === 'inbox' ? 'messages.inbox' : 'messages.requests')}
              </button>
            ))}
          </div>
          {list.isPending ? (
            <p className={styles.muted}>{t('messages.loading')}</p>
          ) : list.isError ? (
            <p className={styles.muted}>{t('messages.loadError')}</p>
          ) : list.data.length === 0 ? (
            <p className={styles.muted}>
              {t(filter === 'inbox' ? 'messages.emptyInbox' : 'messages.emptyRequests')}
            </p>
          ) : (
            <ul className={styles.list}>
              {list.data.map((conversation) => (
                <ConversationItem key={conversation.id} conversation={conversation} onOpen={onClose} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

function ConversationItem({ conversation, onOpen }: { conversation: Conversation; onOpen: () => void }) {
  const { t } = useTranslation();
  const names = memberNames(conversation);
  const first = conversation.members[0];
  return (
    <li>
      <Link
        to={`/conversation/${conversation.id}/`}
        className={styles.item}
        aria-label={t('messages.seeConversation', { names })}
        onClick={onOpen}
      >
        {first && <PinnerAvatar user={first} size={40} />}
        <span className={styles.itemText}>
          <span className={styles.itemName}>{names}</span>
          <span className={styles.itemPreview}>{messagePreview(conversation.last_message, t)}</span>
        </span>
        {conversation.unread && <span className={styles.unreadDot} title={t('messages.unreadMark')} />}
      </Link>
    </li>
  );
}
