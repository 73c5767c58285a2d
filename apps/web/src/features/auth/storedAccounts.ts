import type { StoredAccount, Viewer } from '@pinboard/shared';

const KEY = 'pinboard.accounts';

/** The switcher's accounts, kept as a map by id plus a group id. */
export interface StoredAccounts {
  /** This browser's account group; made when the first account is stored. */
  groupId: string;
  accounts: Record<string, StoredAccount>;
}

// randomUUID exists only on https and localhost; the id needs to be unique, not secret.
function newGroupId(): string {
  return (
    globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
  );
}

function emptyStore(): StoredAccounts {
  return { groupId: newGroupId(), accounts: {} };
}

export function readStoredAccounts(): StoredAccounts {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? 'null') as StoredAccounts | null;
    if (
      parsed &&
      typeof parsed.groupId === 'string' &&
      parsed.accounts &&
      typeof parsed.accounts === 'object'
    ) {
      return parsed;
    }
  } catch {
    // Unreadable or blocked storage: start afresh.
  }
  return emptyStore();
}

function write(store: StoredAccounts) {
  try {
    localStorage.setItem(KEY, JSON.stringify(store));
  } catch {
    // Private browsing may refuse storage; the server's list still works.
  }
}

/** Remembers an account signed in on this browser, so the switcher can show it. */
export function rememberAccount(account: StoredAccount) {
  const store = readStoredAccounts();
  write({ ...store, accounts: { ...store.accounts, [account.id]: account } });
}

export function forgetAccount(id: string) {
  const store = readStoredAccounts();
  const { [id]: _forgotten, ...accounts } = store.accounts;
  write({ ...store, accounts });
}

/**
 * The accounts the switcher offers, other than the current one: the server's live sessions of
 * this browser's group first (switchable at once), then the remembered ones whose session ended
 * (`live: false`: they log in again through /add-account).
 */
export function switcherAccounts(
  serverAccounts: readonly StoredAccount[],
  currentId: string | null,
): { account: StoredAccount; live: boolean }[] {
  const stored = readStoredAccounts().accounts;
  const live = serverAccounts
    .filter((account) => account.id !== currentId)
    .map((account) => ({ account: { ...stored[account.id], ...account }, live: true }));
  const seen = new Set([currentId, ...serverAccounts.map((account) => account.id)]);
  const remembered = Object.values(stored)
    .filter((account) => !seen.has(account.id))
    .map((account) => ({ account, live: false }));
  return [...live, ...remembered];
}

/**
 * Remembers a signed-in viewer's account ("the credentials are stored in the browser";
 * docs/product/accounts.md#rules).
 */
export function rememberViewer(viewer: Viewer) {
  if (!viewer.user) return;
  rememberAccount({
    id: viewer.user.id,
    username: viewer.user.username,
    email: viewer.info?.email ?? null,
    fullName: viewer.user.full_name,
    imageMediumUrl: viewer.user.image_medium_url,
    imageLargeUrl: viewer.user.image_large_url,
    ...(viewer.isPartner ? { partner: { is_create: false } } : {}),
  });
}
