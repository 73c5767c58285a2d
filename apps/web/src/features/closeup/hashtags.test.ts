import { describe, expect, it } from 'vitest';
import { hashtagSearchPath, splitHashtags } from './hashtags.ts';

describe('splitHashtags', () => {
  it('splits text and hashtags in order', () => {
    expect(splitHashtags('#sunset over the sea, #beach_life!')).toEqual([
      { kind: 'hashtag', tag: 'sunset' },
      { kind: 'text', text: ' over the sea, ' },
      { kind: 'hashtag', tag: 'beach_life' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('keeps letters of any script', () => {
    expect(splitHashtags('Café #crème')).toEqual([
      { kind: 'text', text: 'Café ' },
      { kind: 'hashtag', tag: 'crème' },
    ]);
  });

  it('leaves addresses, entities and a lone # as text', () => {
    for (const text of ['see example.com/#top', 'a#b', 'C# & F# &#35;', 'No. # 5', '']) {
      expect(
        splitHashtags(text).every((part) => part.kind === 'text'),
        text,
      ).toBe(true);
    }
  });
});

describe('hashtagSearchPath', () => {
  it('searches pins for the tag with its #', () => {
    expect(hashtagSearchPath('sunset')).toBe('/search/pins/?q=%23sunset');
  });
});
