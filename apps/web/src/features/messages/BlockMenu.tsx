import './words.ts';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { useToast } from '../../ui/toastContext.ts';
import { useMenuDismiss } from '../boardActions/useMenuDismiss.ts';
import { useBlockUser } from './useBlockUser.ts';
import styles from './Conversation.module.css';

interface BlockTarget {
  username: string;
  name: string;
  /** Whether the viewer blocked them already. */
  blocked: boolean;
}

/**
 * The Block (or Unblock) item of a person's menus (their profile's, a conversation's): its label
 * and what choosing it does. Blocking asks first; the outcome shows as a toast.
 */
export function useBlockChoice({ username, name, blocked }: BlockTarget) {
  const { t } = useTranslation();
  const toast = useToast();
  const block = useBlockUser(username);
  const onSelect = () => {
    if (!blocked && !window.confirm(t('messages.blockConfirm', { name }))) return;
    block.mutate(!blocked, {
      onSuccess: () =>
        toast.show(t(blocked ? 'messages.unblocked' : 'messages.blocked', { name }), { durationMs: 5000 }),
      onError: (error) =>
        toast.show(errorMessage(t, error, 'messages.loadError', { otherwise: 'detail' }), {
          durationMs: 5000,
          tone: 'error',
        }),
    });
  };
  return { label: t(blocked ? 'messages.unblock' : 'messages.block'), onSelect };
}

/** The "…" menu of the person in a one-to-one conversation: Block, or Unblock. */
export function BlockMenu(target: BlockTarget) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const choice = useBlockChoice(target);
  const root = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useMenuDismiss(open, root, close);

  const choose = () => {
    setOpen(false);
    choice.onSelect();
  };

  return (
    <div ref={root} className={styles.menuAnchor}>
      <button
        type="button"
        className={styles.moreButton}
        aria-label={t('messages.more')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        …
      </button>
      {open && (
        <div id={menuId} role="menu" className={styles.menu}>
          <button type="button" role="menuitem" className={styles.menuItem} onClick={choose}>
            {choice.label}
          </button>
        </div>
      )}
    </div>
  );
}
