/** The age review this browser asked for: its id and the key that reads its outcome. */
export interface StoredAgeReview {
  id: string;
  key: string;
}

const STORAGE_KEY = 'pinboard.ageReview';

export function readAgeReview(): StoredAgeReview | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as unknown;
    if (value && typeof value === 'object' && 'id' in value && 'key' in value) {
      const { id, key } = value as Record<string, unknown>;
      if (typeof id === 'string' && typeof key === 'string') return { id, key };
    }
  } catch {
    // Storage unavailable or unreadable: as if none was asked for.
  }
  return null;
}

export function storeAgeReview(review: StoredAgeReview | null): void {
  try {
    if (review) localStorage.setItem(STORAGE_KEY, JSON.stringify(review));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Without storage the page asks again next time.
  }
}
