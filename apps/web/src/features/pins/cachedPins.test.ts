import type { Pin } from '@pinboard/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { endpointKey } from '../../api/endpoints.ts';
import { buildPin } from '../../test/pins.ts';
import { patchCachedPins, replaceCachedPin } from './cachedPins.ts';

/** Pin 5 in the home feed, in search results (pages of an envelope) and as the closeup. */
function cached() {
  const client = new QueryClient();
  const keys = {
    feed: endpointKey('listHomeFeed'),
    search: endpointKey('searchPins', { query: { q: 'lamp' } }),
    closeup: endpointKey('getPin', { params: { id: '5' } }),
  };
  client.setQueryData(keys.feed, {
    pages: [{ data: [buildPin({ id: '5' }), buildPin({ id: '6' })], bookmark: null }],
    pageParams: [null],
  });
  client.setQueryData(keys.search, {
    pages: [{ data: { results: [buildPin({ id: '5' })], advisory: null } }],
    pageParams: [null],
  });
  client.setQueryData(keys.closeup, buildPin({ id: '5' }));
  const feed = () => client.getQueryData<{ pages: { data: Pin[] }[] }>(keys.feed)!.pages[0]!.data;
  const search = () =>
    client.getQueryData<{ pages: { data: { results: Pin[] } }[] }>(keys.search)!.pages[0]!.data.results;
  const closeup = () => client.getQueryData<Pin>(keys.closeup);
  return { client, keys, feed, search, closeup };
}

describe('patchCachedPins', () => {
  it('rewrites a pin wherever an answer nests it', () => {
    const { client, feed, search, closeup } = cached();
    replaceCachedPin(client, '5', buildPin({ id: '5', title: 'Edited' }));
    expect(feed().map((pin) => pin.title)).toEqual(['Edited', buildPin({ id: '6' }).title]);
    expect(search()[0]!.title).toBe('Edited');
    expect(closeup()!.title).toBe('Edited');
  });

  it('takes a deleted pin out of every list, search results included, and leaves its neighbours', () => {
    const { client, feed, search } = cached();
    replaceCachedPin(client, '5', null);
    expect(feed().map((pin) => pin.id)).toEqual(['6']);
    expect(search()).toEqual([]);
  });

  it('touches only the answers of the endpoints named', () => {
    const { client, feed, search } = cached();
    replaceCachedPin(client, '5', null, ['listHomeFeed']);
    expect(feed().map((pin) => pin.id)).toEqual(['6']);
    expect(search().map((pin) => pin.id)).toEqual(['5']);
  });

  it('leaves an answer whose pins did not change the same object', () => {
    const { client, keys } = cached();
    const before = client.getQueryData(keys.feed);
    patchCachedPins(client, (pin) => pin);
    expect(client.getQueryData(keys.feed)).toBe(before);
  });
});
