import './words.ts';
import type { Message, Viewer } from '@pinboard/shared';
import { MESSAGE_MAX_LENGTH } from '@pinboard/shared/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Link, useNavigate } from 'react-router';
import { api, endpointKey, queries } from '../../api/endpoints.ts';
import { refreshViewer } from '../viewer/changeViewer.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { ErrorState, LoadingState, NotFoundState } from '../../ui/PageStates.tsx';
import { ApiRequestError } from '../../api/client.ts';
import { PinnerAvatar } from '../pins/PinnerAvatar.tsx';
import { displayName } from '../pins/pinText.ts';
import { ActionMenu } from '../boardActions/ActionMenu.tsx';
import { useToast } from '../../ui/toastContext.ts';
import { useBlockChoice } from './useBlockUser.ts';
import { memberNames } from './conversationText.ts';
import { addMessageToCache } from './liveMessages.ts';
import styles from './Conversation.module.css';

const PAGE_SIZE = 50;

/**
 * One conversation (decision 52): its messages oldest first, new ones arriving live; a request
 * with Accept and Decline; the composer, unless someone in it is blocked; read up to its newest
 * message while it shows.
 */
export function ConversationView({ id, viewerId }: { id: string; viewerId: string }) {
  const { t } = useTranslation();
  const conversation = useQuery(queries.getConversation({ params: { id } }));
  const messages = useQuery(queries.listMessages({ params: { id }, query: { page_size: PAGE_SIZE } }));
  useMarkRead(id, messages.data?.[0] ?? null, viewerId);

  if (conversation.isPending) return <LoadingState />;
  if (conversation.isError) {
    if (conversation.error instanceof ApiRequestError && conversation.error.status === 404) {
      return (
        <NotFoundState
          documentTitle={t('messages.documentTitle')}
          title={t('errors.conversation_not_found')}
          body={t('messages.emptyInbox')}
        />
      );
    }
    return <ErrorState onRetry={() => void conversation.refetch()} />;
  }
  const data = conversation.data;
  const names = memberNames(data);
  const only = data.members.length === 1 ? data.members[0]! : null;
  const sentByMe = messages.data?.some((message) => message.sender.id === viewerId) ?? false;
  return (
    <section className={styles.page} aria-label={t('messages.conversationWith', { names })}>
      <title>{t('messages.conversationTitle', { names })}</title>
      <header className={styles.header}>
        {only && <PinnerAvatar user={only} size={40} />}
        <h1 className={styles.title}>{only ? <Link to={`/${only.username}/`}>{names}</Link> : names}</h1>
        {only && !data.group && <ConversationBlockMenu username={only.username} name={displayName(only)} />}
        {data.group && data.status === 'accepted' && <GroupMenu id={id} />}
      </header>
      {data.status === 'request' && <RequestBanner id={id} names={names} />}
      {messages.isPending ? (
        <LoadingState />
      ) : messages.isError ? (
        <ErrorState onRetry={() => void messages.refetch()} />
      ) : (
        <ol className={styles.messages} aria-live="polite">
          {[...messages.data].reverse().map((message) => (
            <MessageItem key={message.id} message={message} mine={message.sender.id === viewerId} />
          ))}
        </ol>
      )}
      {data.blocked ? (
        <p className={styles.notice}>{t('messages.blockedNotice')}</p>
      ) : (
        <>
          {data.awaiting_accept && sentByMe && (
            <p className={styles.notice}>{t('messages.awaitingAccept')}</p>
          )}
          <Composer id={id} />
        </>
      )}
    </section>
  );
}

/** The "…" menu of the person in a one-to-one conversation: Block, or Unblock. */
function ConversationBlockMenu({ username, name }: { username: string; name: string }) {
  const { t } = useTranslation();
  const profile = useQuery(queries.getUser({ params: { username: username.toLowerCase() } }));
  const block = useBlockChoice({ username, name, blocked: profile.data?.blocked_by_me ?? false });
  return <ActionMenu label={t('messages.more')} items={[block]} />;
}

/** A group's menu: Leave, asked first; the viewer lands on the home feed, the inbox without it. */
function GroupMenu({ id }: { id: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const leave = useMutation({
    mutationFn: () => api.leaveConversation({ params: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: endpointKey('listConversations') });
      void refreshViewer(queryClient);
      toast.show(t('messages.left'), { durationMs: 5000 });
      void navigate('/');
    },
    onError: (error) =>
      toast.show(errorMessage(t, error, 'messages.loadError', { otherwise: 'detail' }), {
        durationMs: 5000,
        tone: 'error',
      }),
  });
  const onSelect = () => {
    if (window.confirm(t('messages.leaveConfirm'))) leave.mutate();
  };
  return <ActionMenu label={t('messages.more')} items={[{ label: t('messages.leave'), onSelect }]} />;
}

function MessageItem({ message, mine }: { message: Message; mine: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const className = [styles.message, mine && styles.mine].filter(Boolean).join(' ');
  if (message.deleted) {
    return (
      <li className={className} data-testid="message">
        {!mine && <span className={styles.sender}>{displayName(message.sender)}</span>}
        <p className={styles.deleted}>{t('messages.deleted')}</p>
      </li>
    );
  }
  return (
    <li className={className} data-testid="message">
      {!mine && <span className={styles.sender}>{displayName(message.sender)}</span>}
      {message.pin && (
        <Link to={`/pin/${message.pin.id}/`} className={styles.pinCard}>
          {message.pin.image_url && <img src={message.pin.image_url} alt="" className={styles.pinImage} />}
          <span className={styles.pinTitle}>{message.pin.title}</span>
        </Link>
      )}
      {message.pin_unavailable && <span className={styles.unavailable}>{t('messages.pinUnavailable')}</span>}
      {editing ? (
        <MessageEditor message={message} onDone={() => setEditing(false)} />
      ) : (
        <>
          {message.text && <p className={styles.text}>{message.text}</p>}
          {message.edited_at && <span className={styles.edited}>{t('messages.edited')}</span>}
          {mine && <OwnMessageActions message={message} onEdit={() => setEditing(true)} />}
        </>
      )}
    </li>
  );
}

/** After a change of one's own message: it in its place, and the inbox's preview read again. */
function useMessageChanged() {
  const queryClient = useQueryClient();
  return (message: Message) => {
    addMessageToCache(queryClient, message);
    void queryClient.invalidateQueries({ queryKey: endpointKey('listConversations') });
    void queryClient.invalidateQueries({
      queryKey: endpointKey('getConversation', { params: { id: message.conversation_id } }),
    });
  };
}

/** Edit and Delete under the viewer's own message; Delete asks first. */
function OwnMessageActions({ message, onEdit }: { message: Message; onEdit: () => void }) {
  const { t } = useTranslation();
  const changed = useMessageChanged();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => api.deleteMessage({ params: { id: message.conversation_id, messageId: message.id } }),
    onSuccess: (result) => changed(result.data),
  });
  return (
    <>
      {confirming ? (
        <div className={styles.messageActions} role="group" aria-label={t('messages.deleteConfirm')}>
          <span>{t('messages.deleteConfirm')}</span>
          <button type="button" className={styles.messageAction} onClick={() => remove.mutate()}>
            {t('messages.delete')}
          </button>
          <button type="button" className={styles.messageAction} onClick={() => setConfirming(false)}>
            {t('messages.cancel')}
          </button>
        </div>
      ) : (
        <div className={styles.messageActions}>
          {message.text !== '' && (
            <button type="button" className={styles.messageAction} onClick={onEdit}>
              {t('messages.edit')}
            </button>
          )}
          <button type="button" className={styles.messageAction} onClick={() => setConfirming(true)}>
            {t('messages.delete')}
          </button>
        </div>
      )}
      {remove.isError && (
        <FormError>{errorMessage(t, remove.error, 'messages.loadError', { otherwise: 'detail' })}</FormError>
      )}
    </>
  );
}

/** The text of one's own message in place, with Save and Cancel. */
function MessageEditor({ message, onDone }: { message: Message; onDone: () => void }) {
  const { t } = useTranslation();
  const changed = useMessageChanged();
  const fieldId = useId();
  const [text, setText] = useState(message.text);
  const save = useMutation({
    mutationFn: (value: string) =>
      api.editMessage({
        params: { id: message.conversation_id, messageId: message.id },
        body: { text: value },
      }),
    onSuccess: (result) => {
      changed(result.data);
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate(text);
  };
  return (
    <form onSubmit={submit}>
      <label htmlFor={fieldId} className={styles.hiddenLabel}>
        {t('messages.editLabel')}
      </label>
      <textarea
        id={fieldId}
        className={[styles.field, styles.editField].join(' ')}
        value={text}
        maxLength={MESSAGE_MAX_LENGTH}
        rows={2}
        onChange={(event) => setText(event.target.value)}
      />
      <div className={styles.messageActions}>
        <button type="submit" className={styles.messageAction}>
          {t('messages.save')}
        </button>
        <button type="button" className={styles.messageAction} onClick={onDone}>
          {t('messages.cancel')}
        </button>
      </div>
      {save.isError && (
        <FormError>{errorMessage(t, save.error, 'messages.loadError', { otherwise: 'detail' })}</FormError>
      )}
    </form>
  );
}

function RequestBanner({ id, names }: { id: string; names: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const answer = useMutation({
    mutationFn: async (accept: boolean) => {
      await (accept
        ? api.acceptConversation({ params: { id } })
        : api.declineConversation({ params: { id } }));
    },
    onSuccess: (_result, accept) => {
      void queryClient.invalidateQueries({ queryKey: endpointKey('listConversations') });
      if (accept)
        void queryClient.invalidateQueries({ queryKey: endpointKey('getConversation', { params: { id } }) });
      else void navigate('/');
    },
  });
  return (
    <div className={styles.request} role="region" aria-label={t('messages.requests')}>
      <p>{t('messages.requestBanner', { names })}</p>
      <div className={styles.requestActions}>
        <Button variant="primary" onClick={() => answer.mutate(true)}>
          {t('messages.accept')}
        </Button>
        <Button onClick={() => answer.mutate(false)}>{t('messages.decline')}</Button>
      </div>
      {answer.isError && (
        <FormError>{errorMessage(t, answer.error, 'messages.loadError', { otherwise: 'detail' })}</FormError>
      )}
    </div>
  );
}

function Composer({ id }: { id: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fieldId = useId();
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: (value: string) => api.sendMessage({ params: { id }, body: { text: value } }),
    onSuccess: (result) => {
      setText('');
      addMessageToCache(queryClient, result.data);
      void queryClient.invalidateQueries({ queryKey: endpointKey('getConversation', { params: { id } }) });
      void queryClient.invalidateQueries({ queryKey: endpointKey('listConversations') });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '' || send.isPending) return;
    send.mutate(text);
  };
  return (
    <form className={styles.composer} onSubmit={submit}>
      <label htmlFor={fieldId} className={styles.hiddenLabel}>
        {t('messages.messageLabel')}
      </label>
      <textarea
        id={fieldId}
        className={styles.field}
        value={text}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder={t('messages.messagePlaceholder')}
        rows={2}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) submit(event);
        }}
      />
      <Button type="submit" variant="primary" aria-disabled={send.isPending || undefined}>
        {send.isPending ? t('messages.sending') : t('messages.send')}
      </Button>
      {send.isError && (
        <FormError>{errorMessage(t, send.error, 'messages.loadError', { otherwise: 'detail' })}</FormError>
      )}
    </form>
  );
}

/** Marks the conversation read whenever its newest message is someone else's; the count drops at once. */
function useMarkRead(id: string, newest: Message | null, viewerId: string) {
  const queryClient = useQueryClient();
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!newest || newest.sender.id === viewerId || marked.current === newest.id) return;
    marked.current = newest.id;
    void api.markConversationRead({ params: { id } }).then(
      ({ data }) => {
        queryClient.setQueryData<Viewer>(endpointKey('getViewer'), (viewer) =>
          viewer ? { ...viewer, unread_conversations: data.unread_conversations } : viewer,
        );
        void queryClient.invalidateQueries({ queryKey: endpointKey('listConversations') });
      },
      () => {},
    );
  }, [id, newest, viewerId, queryClient]);
}
