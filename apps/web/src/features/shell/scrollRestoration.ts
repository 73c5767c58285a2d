/**
 * Where a page starts when the location changes (decision 48): a new page at the top, Back and
 * Forward where the person left it. The browser's own restoration cannot do it for an app whose
 * pages arrive after the history entry changes (lazy pages, a virtualised grid measured after its
 * first render), so the app keeps the positions itself, by history entry.
 */
export type NavigationKind = 'POP' | 'PUSH' | 'REPLACE';

/**
 * The scroll position a page starts at: `null` leaves it where it is. Back/Forward returns to the
 * saved place (the top when none was saved, as for a reload of a page never scrolled); a new page
 * starts at the top, but a replaced entry of the same page (a changed filter or sort, a parameter
 * removed from the address) stays where the person is.
 */
export function startingScroll(
  kind: NavigationKind,
  samePage: boolean,
  saved: number | undefined,
): number | null {
  if (kind === 'POP') return saved ?? null;
  if (kind === 'REPLACE' && samePage) return null;
  return 0;
}

const STORAGE_KEY = 'pinboard.scrollPositions';
/** Entries kept: enough for any Back run a person makes, small for sessionStorage. */
const MAX_ENTRIES = 100;

/** The saved positions by history entry key, kept in sessionStorage so a reload keeps them too. */
export class ScrollPositions {
  private positions = new Map<string, number>();

  constructor() {
    try {
      const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][];
      if (Array.isArray(stored)) this.positions = new Map(stored);
    } catch {
      // Nothing stored, or storage blocked: start empty.
    }
  }

  get(key: string): number | undefined {
    return this.positions.get(key);
  }

  set(key: string, y: number) {
    this.positions.delete(key);
    this.positions.set(key, y);
    if (this.positions.size > MAX_ENTRIES) this.positions.delete(this.positions.keys().next().value!);
  }

  persist() {
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...this.positions]));
    } catch {
      // Storage blocked or full: positions last for this page's life.
    }
  }
}
