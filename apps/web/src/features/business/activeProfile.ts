import { mayActAs, sortProfilesByName, type BusinessAccessProfile } from '@pinboard/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { queries } from '../../api/endpoints.ts';
import { useViewer } from '../viewer/useViewer.ts';

const STORAGE_KEY = 'pinboard.businessProfile';
const listeners = new Set<() => void>();

/** The chosen profile id of this browser session; null when none (or storage is unavailable). */
function readChoice(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Keeps the choice for the browser session (storage unavailable: the default stays). */
export function chooseBusinessProfile(id: string): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, id);
  } catch (error) {
    console.error('business profile choice not kept', error);
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface ActiveProfileState {
  /** Every profile the viewer has a role on, business names sorted alphabetically. */
  profiles: BusinessAccessProfile[];
  /**
   * The profile the viewer acts as: the session's choice when the viewer may act as it (its
   * owner, or with two-factor login on), else their own account.
   */
  active: BusinessAccessProfile | null;
  isLoading: boolean;
}

/** The business profiles of a signed-in viewer and the one they act as. */
export function useActiveProfile(): ActiveProfileState {
  const { session } = useViewer();
  const signedIn = session?.type === 'AUTH';
  const { data, isPending } = useQuery({ ...queries.listBusinessAccessProfiles(), enabled: signedIn });
  const choice = useSyncExternalStore(subscribe, readChoice, () => null);
  const profiles = sortProfilesByName(Object.values(data?.profiles ?? {}));
  const own = session?.id ? (data?.profiles[session.id] ?? null) : null;
  const chosen = choice ? data?.profiles[choice] : undefined;
  const active = chosen && mayActAs(chosen) ? chosen : own;
  return { profiles, active, isLoading: signedIn && isPending };
}

export function useChooseProfile() {
  return useCallback((id: string) => chooseBusinessProfile(id), []);
}
