import './words.ts';
import type { Pin } from '@pinboard/shared';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../i18n.ts';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '../../ui/toastContext.ts';
import { useCopyText } from '../../ui/useCopyText.ts';
import { useAuthModal } from '../auth/authModalContext.ts';
import { useViewer } from '../viewer/useViewer.ts';
import { EditPinDialog } from './EditPinDialog.tsx';
import { EmbedCodeDialog } from './EmbedCodeDialog.tsx';
import { pinUrl } from './embedCode.ts';
import styles from './PinMenu.module.css';
import { ReportPinDialog } from './ReportPinDialog.tsx';
import { TOAST_MS } from './toast.ts';
import { useHidePin } from './usePinWrites.ts';

type View = 'menu' | 'edit' | 'embed' | 'report';

interface MenuItem {
  key: string;
  label: string;
  /** A download link rather than a button. */
  href?: string;
  onSelect: () => void;
}

interface PinMenuPanelProps {
  pin: Pin;
  trigger: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}

/** Where the list goes: under the "…" (above it near the bottom of the window), right-aligned. */
function placeBelow(trigger: HTMLElement | null) {
  if (!trigger) return {};
  const box = trigger.getBoundingClientRect();
  const right = Math.max(8, window.innerWidth - box.right);
  return box.bottom + 320 > window.innerHeight && box.top > 320
    ? { right, bottom: window.innerHeight - box.top + 4 }
    : { right, top: box.bottom + 4 };
}

/**
 * The open "…" menu (a menu of buttons: arrows, Home and End move, Escape and Tab close it) and the
 * dialogs its items open. Who sees what: Edit and Delete for the pinner; See fewer like this and
 * Report for anyone else (a visitor is asked to sign up); Download, Copy link and embed for all.
 */
export function PinMenuPanel({ pin, trigger, onClose }: PinMenuPanelProps) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const authModal = useAuthModal();
  const toast = useToast();
  const copyText = useCopyText();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const hide = useHidePin(pin);
  const [view, setView] = useState<View>('menu');
  const list = useRef<HTMLUListElement>(null);
  const [position] = useState(() => placeBelow(trigger.current));
  const isPinner = viewer !== null && viewer.id === pin.pinner.id;

  const open = (next: View) => {
    // A dialog gives focus back to what had it: the "…" (the item is gone by then).
    trigger.current?.focus();
    setView(next);
  };
  const act = (action: () => void) => () => {
    trigger.current?.focus();
    onClose();
    action();
  };
  // A visitor is asked to sign up first (the login modal's prompt, as Save and Download do).
  const signedInOnly = (action: () => void) => () => {
    if (authModal.promptSignup({ container: 'home_page', signupSource: 'defaultSource', pinId: pin.id })) {
      trigger.current?.focus();
      onClose();
      return;
    }
    action();
  };
  const copyLink = () =>
    copyText(pinUrl(window.location.origin, pin), {
      copied: t('pinMenu.linkCopied'),
      failed: t('pinMenu.copyFailed'),
      durationMs: TOAST_MS,
    });
  const deleted = () => {
    onClose();
    toast.show(t('pinMenu.deleteDialog.deleted'), { durationMs: TOAST_MS });
    // On the pin's own page there is nothing left to show: its board is where it was.
    if (pathname.startsWith(`/pin/${pin.id}/`)) void navigate(pin.board.url);
  };

  const items: MenuItem[] = [
    ...(isPinner ? [{ key: 'edit', label: t('pinMenu.edit'), onSelect: () => open('edit') }] : []),
    {
      key: 'download',
      label: t('pinMenu.download'),
      href: pin.images.orig.url,
      onSelect: act(() => {}),
    },
    { key: 'copy', label: t('pinMenu.copyLink'), onSelect: act(() => void copyLink()) },
    { key: 'embed', label: t('pinMenu.embed'), onSelect: () => open('embed') },
    ...(isPinner
      ? []
      : [
          { key: 'hide', label: t('pinMenu.hide'), onSelect: signedInOnly(act(() => void hide())) },
          { key: 'report', label: t('pinMenu.report'), onSelect: signedInOnly(() => open('report')) },
        ]),
  ];

  useLayoutEffect(() => {
    if (view === 'menu') list.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [view]);

  // A press outside, a scroll or a resize closes the list (it is fixed where the "…" was).
  useEffect(() => {
    if (view !== 'menu') return;
    const onPress = (event: Event) => {
      const target = event.target as Node;
      if (!list.current?.contains(target) && !trigger.current?.contains(target)) onClose();
    };
    const onMove = () => onClose();
    document.addEventListener('mousedown', onPress);
    window.addEventListener('scroll', onMove, { passive: true });
    window.addEventListener('resize', onMove);
    return () => {
      document.removeEventListener('mousedown', onPress);
      window.removeEventListener('scroll', onMove);
      window.removeEventListener('resize', onMove);
    };
  }, [view, onClose, trigger]);

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const entries = [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: (at + 1) % entries.length,
      ArrowUp: (at - 1 + entries.length) % entries.length,
      Home: 0,
      End: entries.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      entries[moves[event.key]!]?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      trigger.current?.focus();
      onClose();
    }
  }

  if (view === 'edit') return <EditPinDialog pin={pin} onClose={onClose} onDeleted={deleted} />;
  if (view === 'embed') return <EmbedCodeDialog pin={pin} onClose={onClose} />;
  if (view === 'report') return <ReportPinDialog pin={pin} onClose={onClose} />;
  return createPortal(
    <ul
      ref={list}
      role="menu"
      aria-label={t('pin.moreLabel')}
      className={styles.menu}
      style={position}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => (
        <li key={item.key} role="none">
          {item.href ? (
            <a
              role="menuitem"
              className={styles.menuItem}
              href={item.href}
              download
              onClick={(event) => {
                if (
                  authModal.promptSignup({
                    container: 'download',
                    signupSource: 'downloadImageBtnUnauth',
                    pinId: pin.id,
                  })
                ) {
                  event.preventDefault();
                }
                item.onSelect();
              }}
            >
              {item.label}
            </a>
          ) : (
            <button type="button" role="menuitem" className={styles.menuItem} onClick={item.onSelect}>
              {item.label}
            </button>
          )}
        </li>
      ))}
    </ul>,
    document.body,
  );
}
