const formatters = new Map<string, Intl.NumberFormat>();

/**
 * A count as people read it at a glance: `950`, `1.2K`, `3.4M` (compact, one decimal at most),
 * in the given language. Every count on profiles and boards goes through here.
 */
export function formatCount(value: number, language: string): string {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });
    formatters.set(language, formatter);
  }
  return formatter.format(value);
}

/** The options a counted message takes: `count` picks the plural, `formatted` is what shows. */
export function countOptions(count: number, language: string) {
  return { count, formatted: formatCount(count, language) };
}
