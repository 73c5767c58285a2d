import { describe, expect, it } from 'vitest';
import { sniffMedia } from '../../src/modules/media/media-sniff.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
  );

describe('sniffMedia', () => {
  it('knows the accepted types by their first bytes', () => {
    expect(sniffMedia(bytes([0xff, 0xd8, 0xff, 0xe1], '....Exif'))).toBe('jpeg');
    expect(sniffMedia(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'))).toBe('png');
    expect(sniffMedia(bytes('GIF89a', [1, 0, 1, 0]))).toBe('gif');
    expect(sniffMedia(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
    expect(sniffMedia(bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]))).toBe('mp4');
  });

  it('refuses everything else, whatever it is called', () => {
    expect(sniffMedia(bytes('<!doctype html><html>'))).toBeNull();
    expect(sniffMedia(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffMedia(bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 2, 0]))).toBeNull(); // QuickTime
    expect(sniffMedia(bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0]))).toBeNull(); // HEIF photo
    expect(sniffMedia(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(sniffMedia(Buffer.alloc(0))).toBeNull();
  });
});
