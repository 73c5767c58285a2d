import { describe, expect, it } from 'vitest';
import { commentParts, CreateCommentSchema, findMentions } from './comments.ts';

describe('findMentions', () => {
  it('finds @usernames once each, lower-cased, not inside emails or words', () => {
    expect(findMentions('@Lena and @theo.okafor, @lena again; mail a@mia.com or x@y; @ab @_ok_')).toEqual([
      'lena',
      'theo.okafor',
      '_ok_',
    ]);
    expect(findMentions('@aa1 @aa2 @aa3', 2)).toEqual(['aa1', 'aa2']);
  });
});

describe('commentParts', () => {
  it('splits text, known mentions and web links; the parts join back to the text', () => {
    const text = 'Hi @Lena, see https://example.com/x?y=1. Not @ghost <b>';
    const parts = commentParts(text, ['lena']);
    expect(parts).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'mention', text: '@Lena', username: 'lena' },
      { kind: 'text', text: ', see ' },
      { kind: 'link', text: 'https://example.com/x?y=1', url: 'https://example.com/x?y=1' },
      { kind: 'text', text: '. Not @ghost <b>' },
    ]);
    expect(parts.map((part) => part.text).join('')).toBe(text);
  });

  it('never makes a link of anything but http(s)', () => {
    expect(
      commentParts('javascript:alert(1) data:text/html,x', []).every((part) => part.kind === 'text'),
    ).toBe(true);
  });
});

describe('CreateCommentSchema', () => {
  it('trims, refuses empty and over-long text', () => {
    expect(CreateCommentSchema.parse({ text: '  hi ' })).toEqual({ text: 'hi' });
    expect(CreateCommentSchema.safeParse({ text: '   ' }).success).toBe(false);
    expect(CreateCommentSchema.safeParse({ text: 'x'.repeat(501) }).success).toBe(false);
  });
});
