/**
 * The same page under a person's current username when the address names one they left
 * (decision 45: `getUser` of an old username answers their profile under the new name), or null.
 * Only the first segment changes: `/{old}/{board}/{section}` keeps the board and section.
 */
export function renamedPath(pathname: string, requested: string, current: string): string | null {
  if (requested.toLowerCase() === current.toLowerCase()) return null;
  const [, first = '', ...rest] = pathname.split('/');
  if (decodeURIComponent(first).toLowerCase() !== requested.toLowerCase()) return null;
  return ['', encodeURIComponent(current), ...rest].join('/');
}
