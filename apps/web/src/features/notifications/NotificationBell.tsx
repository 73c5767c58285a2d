import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from '../../i18n.ts';
import { NavLink, useLocation } from 'react-router';
import { LoadingState } from '../../ui/PageStates.tsx';
import { BellIcon } from '../shell/icons.tsx';
import { useViewportClass } from '../shell/useViewportClass.ts';
import { useLiveEvents } from './useLiveEvents.ts';
import styles from './NotificationBell.module.css';
import { BADGE_MOST_SHOWN, CountBadge } from '../../ui/CountBadge.tsx';

const loadPanel = () => import('./NotificationPanel.tsx');
// The panel and the list are a chunk of their own: the first page carries only the bell.
const NotificationPanel = lazy(async () => ({ default: (await loadPanel()).NotificationPanel }));
const preloadPanel = () => void loadPanel();

interface NotificationBellProps {
  userId: string;
  unread: number;
  className?: string;
}

/**
 * The header's bell for a signed-in person, with the unread count kept current by the tab's live
 * stream; the badge sits over the icon, so a count arriving moves nothing. On a phone (the narrow
 * layout) it is a link to `/notifications/`; wider, it opens a panel under it with the newest
 * notifications and 'See all' (a disclosure: Escape or a click elsewhere closes it, as does
 * following a link in it).
 */
export function NotificationBell({ userId, unread, className }: NotificationBellProps) {
  const { t } = useTranslation();
  useLiveEvents(userId);
  const narrow = useViewportClass() === 'narrow';
  const label =
    unread > 0
      ? t('shell.notificationsUnread', { count: Math.min(unread, BADGE_MOST_SHOWN) })
      : t('shell.notifications');
  const icon = (
    <>
      <BellIcon />
      <CountBadge count={unread} testId="notification-badge" />
    </>
  );
  if (narrow) {
    return (
      <NavLink
        to="/notifications/"
        className={[className, styles.bell].filter(Boolean).join(' ')}
        aria-label={label}
      >
        {icon}
      </NavLink>
    );
  }
  return (
    <BellPanel label={label} className={className}>
      {icon}
    </BellPanel>
  );
}

function BellPanel({
  label,
  className,
  children,
}: {
  label: string;
  className: string | undefined;
  children: ReactNode;
}) {
  const panelId = useId();
  const headingId = useId();
  const { pathname } = useLocation();
  // Open on the page it was opened on: another page (a link in it, or anywhere) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      toggle.current?.focus();
    }
  }

  return (
    <div ref={root} className={styles.wrap} onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        className={[className, styles.bell, styles.toggle].filter(Boolean).join(' ')}
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
        onClick={() => setOpen(!open)}
      >
        {children}
      </button>
      <div
        id={panelId}
        role="region"
        aria-labelledby={headingId}
        className={styles.panel}
        hidden={!open}
        // Following a link in it (an item, a person, See all) closes it, even to the page it is on.
        onClick={(event) => {
          if ((event.target as Element).closest('a')) setOpen(false);
        }}
      >
        {open && (
          <Suspense fallback={<LoadingState />}>
            <NotificationPanel headingId={headingId} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
