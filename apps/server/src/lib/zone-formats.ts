/**
 * Date formatters for a time zone, made once per zone and kind: making one costs far more than
 * using it, and serving asks for every ad account's day and time of day. Only valid zones get
 * here (an invalid one throws while it is made); the accounts' zones are few.
 */
const KINDS = {
  /** The day, as YYYY-MM-DD. */
  day: ['en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }],
  /** The time of day, 00:00:00 to 23:59:59. */
  time: ['en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }],
} as const satisfies Record<string, readonly [string, Intl.DateTimeFormatOptions]>;

const formats = new Map<string, Intl.DateTimeFormat>();

export function zoneFormat(kind: keyof typeof KINDS, timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    const [locale, options] = KINDS[kind];
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}
