import type { StoredAccount, UserSummary, Viewer } from '@pinboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/endpoints.ts';
import { forgetAccount, rememberViewer, switcherAccounts } from '../auth/storedAccounts.ts';
import { changeViewer } from '../viewer/changeViewer.ts';
import { ChevronIcon } from './icons.tsx';
import styles from './AccountMenu.module.css';

interface AccountMenuProps {
  user: UserSummary;
  session: Viewer | null;
}

function Avatar({ account }: { account: StoredAccount }) {
  return account.imageMediumUrl ? (
    <img className={styles.avatar} src={account.imageMediumUrl} alt="" width={32} height={32} />
  ) : (
    <span className={styles.avatar} aria-hidden="true">
      {(account.fullName || account.username).charAt(0).toUpperCase()}
    </span>
  );
}

/**
 * The header's account menu (a disclosure, not an ARIA menu: its entries are plain links and
 * buttons in the tab order): the account in use, the others signed in on this browser
 * (docs/product/accounts.md#login), 'Settings', 'Add account' and 'Log out'.
 */
export function AccountMenu({ user, session }: AccountMenuProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<'logOutFailed' | 'switchFailed' | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      toggle.current?.focus();
    }
  }

  async function onLogOut() {
    try {
      await api.logOut();
      forgetAccount(user.id);
      setOpen(false);
      await changeViewer(queryClient, null);
      await navigate('/');
    } catch {
      setError('logOutFailed');
    }
  }

  async function onSwitch(account: StoredAccount) {
    try {
      const { user: viewer } = (await api.switchAccount({ body: { user_id: account.id } })).data;
      rememberViewer(viewer);
      setOpen(false);
      await changeViewer(queryClient, viewer);
      await navigate(`/${viewer.user?.username ?? account.username}/`);
    } catch {
      setError('switchFailed');
    }
  }

  const others = open ? switcherAccounts(session?.accounts ?? [], user.id) : [];
  return (
    <div ref={root} className={styles.menu} onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('auth.account.menu')}
        onClick={() => {
          setError(null);
          setOpen(!open);
        }}
      >
        <ChevronIcon />
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        <p className={styles.heading}>{t('auth.account.current')}</p>
        <Link to={`/${user.username}/`} className={styles.account} onClick={() => setOpen(false)}>
          <span className={styles.name}>{user.full_name || user.username}</span>
          <span className={styles.detail}>{session?.info?.email ?? `@${user.username}`}</span>
        </Link>
        {others.length > 0 && (
          <>
            <p className={styles.heading}>{t('auth.account.yourAccounts')}</p>
            <ul className={styles.list}>
              {others.map(({ account, live }) => (
                <li key={account.id}>
                  {live ? (
                    <button type="button" className={styles.account} onClick={() => void onSwitch(account)}>
                      <Avatar account={account} />
                      <span className={styles.name}>
                        {t('auth.account.switchTo', { name: account.fullName || account.username })}
                      </span>
                    </button>
                  ) : (
                    <Link to="/add-account" className={styles.account} onClick={() => setOpen(false)}>
                      <Avatar account={account} />
                      <span className={styles.name}>
                        {t('auth.account.switchTo', { name: account.fullName || account.username })}
                      </span>
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
        <Link to="/settings/security/" className={styles.item} onClick={() => setOpen(false)}>
          {t('auth.account.settings')}
        </Link>
        <Link to="/add-account" className={styles.item} onClick={() => setOpen(false)}>
          {t('auth.account.addAccount')}
        </Link>
        <button type="button" className={styles.item} onClick={() => void onLogOut()}>
          {t('auth.account.logOut')}
        </button>
        {error && (
          <p role="alert" className={styles.error}>
            {t(`auth.account.${error}`)}
          </p>
        )}
      </div>
    </div>
  );
}
