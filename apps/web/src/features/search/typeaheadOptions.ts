import type { Interests, RecentSearches, SearchScope, TypeaheadItem } from '@pinboard/shared';
import { searchPathOf } from './searchPath.ts';

type BoardItem = Extract<TypeaheadItem, { type: 'board' }>['board'];
type UserItem = Extract<TypeaheadItem, { type: 'user' }>['user'];

/** One choosable row of the typeahead, and where choosing it goes. */
export type TypeaheadOption =
  | { kind: 'query'; key: string; path: string; query: string; recent: boolean }
  | { kind: 'board'; key: string; path: string; board: BoardItem }
  | { kind: 'user'; key: string; path: string; user: UserItem };

export type TypeaheadGroupName = 'recent' | 'interests' | 'popular' | 'queries' | 'boards' | 'people';

export interface TypeaheadGroup {
  name: TypeaheadGroupName;
  options: TypeaheadOption[];
}

function queryOption(query: string, scope: SearchScope, recent: boolean): TypeaheadOption {
  return {
    kind: 'query',
    key: `query:${query}`,
    path: searchPathOf(query, scope, recent ? 'recent' : 'autocomplete'),
    query,
    recent,
  };
}

/** The typeahead's answer as groups in display order (queries, boards, people), empty groups left out. */
export function suggestionGroups(items: readonly TypeaheadItem[], scope: SearchScope): TypeaheadGroup[] {
  const groups: Record<'queries' | 'boards' | 'people', TypeaheadOption[]> = {
    queries: [],
    boards: [],
    people: [],
  };
  for (const item of items) {
    if (item.type === 'query') groups.queries.push(queryOption(item.query, scope, item.source === 'recent'));
    else if (item.type === 'board') {
      groups.boards.push({
        kind: 'board',
        key: `board:${item.board.id}`,
        path: item.board.url,
        board: item.board,
      });
    } else {
      groups.people.push({
        kind: 'user',
        key: `user:${item.user.id}`,
        path: `/${item.user.username}/`,
        user: item.user,
      });
    }
  }
  return (['queries', 'boards', 'people'] as const)
    .map((name) => ({ name, options: groups[name] }))
    .filter((group) => group.options.length > 0);
}

/** The signed-in viewer's recent searches as one group (none when there are none). */
export function recentGroups(recent: RecentSearches, scope: SearchScope): TypeaheadGroup[] {
  if (recent.length === 0) return [];
  return [{ name: 'recent', options: recent.map((entry) => queryOption(entry.query, scope, true)) }];
}

/** How many ideas the empty field suggests below the recent searches. */
export const EMPTY_FIELD_IDEAS = 5;

/**
 * What the empty field suggests: a signed-in viewer's recent searches (`recent`, with Clear), then
 * their interests or, without any, the popular ones (the ideas catalogue: the most used hashtags),
 * each searched as a word. A visitor gets the popular ones. A term already among the recent
 * searches is not suggested twice.
 */
export function emptyFieldGroups(
  recent: RecentSearches | undefined,
  ideas: Interests | undefined,
  scope: SearchScope,
): TypeaheadGroup[] {
  const groups = recentGroups(recent ?? [], scope);
  if (!ideas) return groups;
  const shown = new Set((recent ?? []).map((entry) => entry.query));
  const mine = ideas.chosen.length > 0;
  const names = (mine ? ideas.chosen : ideas.interests.map((interest) => interest.name))
    .filter((name) => !shown.has(name))
    .slice(0, EMPTY_FIELD_IDEAS);
  if (names.length > 0) {
    groups.push({
      name: mine ? 'interests' : 'popular',
      options: names.map((name) => queryOption(name, scope, false)),
    });
  }
  return groups;
}
