// Slugs keep letters and digits of any script (a Japanese board gets a Japanese address), lower
// case, accents dropped, everything else one dash; a name with none of them falls back.
const MAX_SLUG_BASE = 60;

/** The address part of a name: 'Café  Ideas!' → 'cafe-ideas'; `fallback` when nothing is left. */
export function slugOf(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .slice(0, MAX_SLUG_BASE)
    .replace(/^-+|-+$/g, '');
  return slug || fallback;
}

/** `base`, or `base-2`, `base-3`, ... : the first that is not taken. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
