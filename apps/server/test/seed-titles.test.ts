import { describe, expect, it } from 'vitest';
import {
  fillSeedPattern,
  isPluralNoun,
  SEED_DESCRIPTION_PATTERNS,
  SEED_TITLE_PATTERNS,
  SEED_TOPICS,
} from '../src/cli/seed-data.ts';

/** Every title and description the demo seed can make. */
function everyText(): { text: string; noun: string }[] {
  return SEED_TOPICS.flatMap((topic) =>
    topic.nouns.flatMap((noun) =>
      topic.adjectives.flatMap((adj) =>
        [...SEED_TITLE_PATTERNS, ...SEED_DESCRIPTION_PATTERNS].map((pattern) => ({
          text: fillSeedPattern(pattern, { adj, noun }, topic.hashtags),
          noun,
        })),
      ),
    ),
  );
}

describe('the demo seed’s pin titles and descriptions', () => {
  it('put no article before a plural, and the article a word needs before the rest', () => {
    const wrong = everyText().filter(({ text, noun }) => {
      const plural = isPluralNoun(noun);
      return (
        (plural && new RegExp(`\\ban? (\\S+ )?${noun}\\b`, 'i').test(text)) ||
        (plural && text.includes(`this ${noun}`)) ||
        /\ba (?!one)[aeiou]/i.test(text) ||
        /\ban [^aeiou]/i.test(text) ||
        /\{|\}/.test(text)
      );
    });
    expect(wrong.map(({ text }) => text)).toEqual([]);
  });

  it('reads as the issue wants it: “How to make loafers”, “How to make an arch”', () => {
    expect(fillSeedPattern('How to make {a noun}', { adj: 'Classic', noun: 'loafers' }, [])).toBe(
      'How to make loafers',
    );
    expect(fillSeedPattern('How to make {a noun}', { adj: 'Rustic', noun: 'arch' }, [])).toBe(
      'How to make an arch',
    );
    expect(
      fillSeedPattern('Ideas for {a adj noun} in a small space.', { adj: 'Easy', noun: 'pegboard' }, []),
    ).toBe('Ideas for an easy pegboard in a small space.');
    expect(
      fillSeedPattern('Saving {this noun} for later. {tags}', { adj: 'x', noun: 'bagels' }, ['bread']),
    ).toBe('Saving these bagels for later. #bread');
  });
});
