import { describe, expect, it } from 'vitest';
import {
  canPromotePin,
  promotePinPath,
  BulkEditBodySchema,
  comparePickerBoardNames,
  findHashtags,
  hashtagToTitle,
  RepinBodySchema,
  suggestBoardTitles,
} from './saving.ts';

describe('comparePickerBoardNames', () => {
  it('orders by name ignoring case and accents, numbers as numbers, digit-led names last', () => {
    const names = ['zebra', '2 cats', 'Apples', '10 dogs', 'Éclairs', 'banana', 'Board 10', 'Board 9'];
    expect(names.sort(comparePickerBoardNames)).toEqual([
      'Apples',
      'banana',
      'Board 9',
      'Board 10',
      'Éclairs',
      'zebra',
      '2 cats',
      '10 dogs',
    ]);
  });
});

describe('hashtags', () => {
  it('finds # followed by letters, digits or _, lower-cased, once each', () => {
    expect(findHashtags('Love #Garden, #garden and #café_2! Not # this, a#b or &#39;.')).toEqual([
      'garden',
      'café_2',
    ]);
  });

  it('turns a hashtag into a board name', () => {
    expect(hashtagToTitle('#homeDecor')).toBe('Home decor');
    expect(hashtagToTitle('easy_recipes')).toBe('Easy recipes');
  });
});

describe('suggestBoardTitles', () => {
  it("suggests hashtags, a short title and the pin's board, none already taken, at most 5", () => {
    const pin = {
      title: 'Blue tiles',
      description: 'Calm #bathroom',
      hashtags: ['kitchen', 'interiors', 'tiles', 'blue', 'home'],
      boardName: 'Dream house',
    };
    expect(suggestBoardTitles(pin, ['KITCHEN ', 'Blue'])).toEqual([
      { title: 'Interiors' },
      { title: 'Tiles' },
      { title: 'Home' },
      { title: 'Bathroom' },
      { title: 'Blue tiles' },
    ]);
  });

  it('leaves out a long title and empty names', () => {
    const pin = { title: 'A very long title of many words', description: '', hashtags: [], boardName: null };
    expect(suggestBoardTitles(pin, [])).toEqual([]);
  });
});

describe('request schemas', () => {
  it('limit a saved description to 500 characters and refuse unknown fields', () => {
    expect(RepinBodySchema.safeParse({ board_id: '1', description: 'x'.repeat(500) }).success).toBe(true);
    expect(RepinBodySchema.safeParse({ board_id: '1', description: 'x'.repeat(501) }).success).toBe(false);
    expect(RepinBodySchema.safeParse({ board_id: '1', color: 'red' }).success).toBe(false);
  });

  it('take between 1 and 250 pins to move', () => {
    const move = { board_id: '1', new_board_id: '2' };
    expect(BulkEditBodySchema.safeParse({ ...move, pin_ids: ['3'] }).success).toBe(true);
    expect(BulkEditBodySchema.safeParse({ ...move, pin_ids: [] }).success).toBe(false);
    expect(BulkEditBodySchema.safeParse({ ...move, pin_ids: Array(251).fill('3') }).success).toBe(false);
  });
});

describe('canPromotePin', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const viewer = { type: 'AUTH', isPartner: false, createdAt: '2026-11-01T00:00:00Z' };

  it('offers promotion to a signed-in personal account younger than the cut-off', () => {
    expect(canPromotePin(viewer, now)).toBe(true);
  });

  it('offers it to no visitor, partner, or account older than the cut-off', () => {
    expect(canPromotePin({ ...viewer, type: 'LIMITED_LOGIN' }, now)).toBe(false);
    expect(canPromotePin({ ...viewer, isPartner: true }, now)).toBe(false);
    expect(canPromotePin({ ...viewer, createdAt: '2026-08-01T00:00:00Z' }, now)).toBe(false);
    expect(canPromotePin({ ...viewer, createdAt: null }, now)).toBe(false);
  });

  it('leads to the business conversion, then quick promote for the pin', () => {
    expect(promotePinPath('42')).toBe('/business/convert?next=%2Fadvertiser%2Fquick_promote%3FpinId%3D42');
  });
});
