import type { Pin, ViewerSaved } from '@pinboard/shared';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { endpointKey } from '../../api/endpoints.ts';
import type { ListPage } from '../../api/useBookmarkedList.ts';
import { buildPin } from '../../test/pins.ts';
import { refreshAfterPinChanged } from './pinCache.ts';

const savedTo = (pin_id: string, board_id: string, board_name: string): ViewerSaved => ({
  pin_id,
  board_id,
  board_name,
  section_id: null,
  section_title: null,
});

/** The viewer's pin 70 and, in the home feed, someone else's pin 5 of the same picture. */
function cached() {
  const client = new QueryClient();
  const picture = buildPin({ id: '5' }).images;
  const mine = buildPin({ id: '70', images: picture, viewer_saved: savedTo('70', '3', 'Lamps') });
  const feed = endpointKey('listHomeFeed');
  client.setQueryData(feed, {
    pages: [
      { data: [buildPin({ id: '5', images: picture, viewer_saved: mine.viewer_saved })], bookmark: null },
    ],
    pageParams: [null],
  });
  const feedPin = () => client.getQueryData<InfiniteData<ListPage<Pin>>>(feed)!.pages[0]!.data[0]!;
  return { client, mine, feedPin };
}

describe('refreshAfterPinChanged', () => {
  it('shows the board a pin moved to on every cached pin of its picture', () => {
    const { client, mine, feedPin } = cached();
    const moved = { ...mine, viewer_saved: savedTo('70', '4', 'Desks') };
    refreshAfterPinChanged(client, mine, moved);
    expect(feedPin().viewer_saved?.board_name).toBe('Desks');
  });

  it('makes every cached pin of its picture say Save again once it is deleted', () => {
    const { client, mine, feedPin } = cached();
    refreshAfterPinChanged(client, mine, null);
    expect(feedPin().viewer_saved).toBeNull();
  });
});
