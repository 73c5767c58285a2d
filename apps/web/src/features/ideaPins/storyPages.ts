import { STORY_PAGE_TEXT_MAX, STORY_PAGES_MAX } from '@pinboard/shared';

/** An idea pin page being made; its media lives in the media slot of the same key. */
export interface StoryPageDraft {
  key: string;
  text: string;
}

export type StoryPagesAction =
  | { type: 'add'; key: string }
  | { type: 'remove'; key: string }
  | { type: 'move'; key: string; by: -1 | 1 }
  | { type: 'text'; key: string; text: string };

/**
 * The pages' order and texts: at most STORY_PAGES_MAX pages and never fewer than one; a move
 * past either end changes nothing.
 */
export function storyPagesReducer(pages: StoryPageDraft[], action: StoryPagesAction): StoryPageDraft[] {
  switch (action.type) {
    case 'add':
      return pages.length >= STORY_PAGES_MAX ? pages : [...pages, { key: action.key, text: '' }];
    case 'remove':
      return pages.length <= 1 ? pages : pages.filter((page) => page.key !== action.key);
    case 'move': {
      const from = pages.findIndex((page) => page.key === action.key);
      const to = from + action.by;
      if (from < 0 || to < 0 || to >= pages.length) return pages;
      const next = [...pages];
      [next[from], next[to]] = [next[to]!, next[from]!];
      return next;
    }
    case 'text':
      return pages.map((page) => (page.key === action.key ? { ...page, text: action.text } : page));
  }
}

/** The first page whose text is too long, by its number (1-based), or null. */
export function firstTooLongPage(pages: StoryPageDraft[]): number | null {
  const index = pages.findIndex((page) => page.text.length > STORY_PAGE_TEXT_MAX);
  return index < 0 ? null : index + 1;
}
