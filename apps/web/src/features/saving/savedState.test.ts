import type { Pin, ViewerSaved } from '@pinboard/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { endpointKey } from '../../api/endpoints.ts';
import { buildPin } from '../../test/pins.ts';
import { forgetSaves, showPictureSaved } from './savedState.ts';

const saved = (pin_id: string, board_id: string, board_name: string): ViewerSaved => ({
  pin_id,
  board_id,
  board_name,
  section_id: null,
  section_title: null,
});

/** Pins of picture 5 (the pin and a copy) and of picture 6, cached as lists and a closeup. */
function cachedPins() {
  const client = new QueryClient();
  const picture = buildPin({ id: '5' }).images;
  const copy = buildPin({ id: '55', images: picture });
  const other = buildPin({ id: '6' });
  const keys = {
    feed: endpointKey('listHomeFeed'),
    search: endpointKey('searchPins', { query: { q: 'lamp' } }),
    closeup: endpointKey('getPin', { params: { id: '55' } }),
  };
  client.setQueryData(keys.feed, {
    pages: [{ data: [buildPin({ id: '5' }), other], bookmark: null }],
    pageParams: [null],
  });
  client.setQueryData(keys.search, {
    pages: [{ data: { results: [copy], advisory: null } }],
    pageParams: [null],
  });
  client.setQueryData(keys.closeup, copy);
  const pins = () => [
    ...client.getQueryData<{ pages: { data: Pin[] }[] }>(keys.feed)!.pages[0]!.data,
    ...client.getQueryData<{ pages: { data: { results: Pin[] } }[] }>(keys.search)!.pages[0]!.data.results,
    client.getQueryData<Pin>(keys.closeup)!,
  ];
  return { client, other, pins };
}

describe('saved state in the cache', () => {
  it('a save marks every cached pin of the picture, wherever it is, and no other picture', () => {
    const { client, other, pins } = cachedPins();
    const before = pins();

    showPictureSaved(
      client,
      buildPin({ id: '70', images: buildPin({ id: '5' }).images, viewer_saved: saved('70', '3', 'Lamps') }),
    );

    const after = pins();
    expect(after.map((pin) => [pin.id, pin.viewer_saved?.board_name ?? null])).toEqual([
      ['5', 'Lamps'],
      ['6', null],
      ['55', 'Lamps'],
      ['55', 'Lamps'],
    ]);
    // Unchanged pins keep their objects (nothing re-renders for them).
    expect(after[1]).toBe(before[1]);
    expect(after[1]).toBe(other);
  });

  it('forgets a deleted pin’s or board’s saves', () => {
    const { client, pins } = cachedPins();
    showPictureSaved(
      client,
      buildPin({ id: '70', images: buildPin({ id: '5' }).images, viewer_saved: saved('70', '3', 'Lamps') }),
    );

    forgetSaves(client, { boardId: '4' });
    expect(pins().filter((pin) => pin.viewer_saved)).toHaveLength(3);
    forgetSaves(client, { pinId: '70' });
    expect(pins().filter((pin) => pin.viewer_saved)).toHaveLength(0);
  });
});
