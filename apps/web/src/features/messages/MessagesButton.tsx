import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { ChatIcon } from '../shell/icons.tsx';
import styles from './Messages.module.css';
import { BADGE_MOST_SHOWN, CountBadge } from '../../ui/CountBadge.tsx';

// The panel and its words load on first open: the header carries only the icon.
const InboxPanel = lazy(async () => ({ default: (await import('./InboxPanel.tsx')).InboxPanel }));

/**
 * The header's messages icon beside the bell (decision 52): the count of conversations with an
 * unread message, kept current by the tab's live stream; it opens the inbox panel.
 */
export function MessagesButton({ unread, className }: { unread: number; className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label =
    unread > 0
      ? t('shell.messagesUnread', { count: Math.min(unread, BADGE_MOST_SHOWN) })
      : t('shell.messages');
  return (
    <span className={styles.anchor}>
      <button
        type="button"
        className={[className, styles.iconButton].filter(Boolean).join(' ')}
        aria-label={label}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen((value) => !value)}
      >
        <ChatIcon />
        <CountBadge count={unread} testId="messages-badge" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <InboxPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </span>
  );
}
