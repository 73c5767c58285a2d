/** What an upload is, judged by its first bytes only (never its name or declared type). */
export type SniffedMedia = 'jpeg' | 'png' | 'gif' | 'webp' | 'mp4';

/** Bytes needed to tell every accepted type apart. */
export const SNIFF_BYTES = 16;

// ISO base media brands of MP4 files as cameras, phones and encoders write them. QuickTime
// ('qt  '), 3GP and HEIF share the box layout but are not MP4 video, so they are not here.
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'dash',
  'M4V ',
  'mmp4',
]);

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((byte, i) => head[offset + i] === byte);
const ascii = (head: Buffer, start: number, end: number) => head.subarray(start, end).toString('latin1');

/**
 * The accepted type these bytes start with, or null: JPEG, PNG, GIF and WebP by their
 * signatures, MP4 by its leading `ftyp` box and major brand. sharp and ffprobe check the rest.
 */
export function sniffMedia(head: Buffer): SniffedMedia | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp' && MP4_BRANDS.has(ascii(head, 8, 12))) return 'mp4';
  return null;
}
