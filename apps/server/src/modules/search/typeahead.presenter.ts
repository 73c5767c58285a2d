import type { TypeaheadItem } from '@pinboard/shared';
import { renditionUrl } from '../../lib/media-url.ts';
import { boardUrl } from '../pins/pins.presenter.ts';
import { presentUserSummary } from '../users/users.presenter.ts';
import type { TypeaheadBoardRow, TypeaheadUserRow } from './typeahead.repository.ts';

export const presentTypeaheadBoard = (row: TypeaheadBoardRow): TypeaheadItem => ({
  type: 'board',
  board: {
    id: String(row.id),
    name: row.name,
    url: boardUrl(row.owner.username, row.slug),
    pin_count: row.pinCount,
    image_cover_url: renditionUrl(row.coverSizes, '236x'),
    owner: presentUserSummary(row.owner),
  },
});

export const presentTypeaheadUser = (row: TypeaheadUserRow): TypeaheadItem => ({
  type: 'user',
  user: { ...presentUserSummary(row), follower_count: row.followerCount },
});
