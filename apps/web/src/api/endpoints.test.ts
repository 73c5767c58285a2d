import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildBoard } from '../test/boards.ts';
import { failure, requestedUrls, stubApi, success, takeStubViolations } from '../test/apiStub.ts';
import { api, endpointKey, queries } from './endpoints.ts';

afterEach(() => vi.unstubAllGlobals());

describe('endpoint client', () => {
  it('fills the path from params, encoded, and sends the query', async () => {
    const board = buildBoard();
    const fetch = stubApi({ getBoardByAddress: () => success(board) });

    const { data } = await api.getBoardByAddress({ params: { username: 'maya l', slug: 'kitchen' } });

    expect(data).toEqual(board);
    expect(requestedUrls(fetch)).toEqual(['/v3/users/maya%20l/boards/kitchen/']);
  });

  it('uses the method of the definition, with the JSON body', async () => {
    const fetch = stubApi({ followBoard: () => success(buildBoard()) });

    await api.followBoard({ params: { id: '31' }, body: {} });

    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/v3/boards/31/follow/');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{}');
  });

  it('gives query options keyed by name and input, whose prefix matches every fuller key', async () => {
    stubApi({ listBoardSections: () => success([]) });
    const client = new QueryClient();
    const options = queries.listBoardSections({ params: { id: '31' }, query: { page_size: 5 } });

    expect(options.queryKey).toEqual([
      'listBoardSections',
      { params: { id: '31' }, query: { page_size: 5 } },
    ]);
    await client.fetchQuery(options);
    expect(
      client
        .getQueryCache()
        .findAll({ queryKey: endpointKey('listBoardSections', { params: { id: '31' } }) }),
    ).toHaveLength(1);
    expect(
      client
        .getQueryCache()
        .findAll({ queryKey: endpointKey('listBoardSections', { params: { id: '32' } }) }),
    ).toHaveLength(0);
  });
});

describe('test stubs', () => {
  it('refuse success data the response schema does not allow, and the test fails after it', async () => {
    stubApi({ getBoard: () => success({ id: '31' }) });

    await expect(api.getBoard({ params: { id: '31' } })).rejects.toMatchObject({ status: 500 });
    expect(takeStubViolations()).toEqual([expect.stringMatching(/^The stub of getBoard answers data/)]);
  });

  it('pass failures through unchecked', async () => {
    stubApi({ getBoard: () => failure(404, 'not_found') });

    await expect(api.getBoard({ params: { id: '31' } })).rejects.toMatchObject({ code: 'not_found' });
  });
});
