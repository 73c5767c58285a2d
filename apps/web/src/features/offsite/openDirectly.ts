/** A link opened as it would be without the check: a new tab that knows nothing of us. */
export function openDirectly(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer');
}
