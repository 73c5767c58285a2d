import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryCounters } from '../../src/adapters/counters/memory-counters.ts';
import {
  BOARD_ACTION_LOCK_SECONDS,
  createBoardActionLock,
  type BoardActionTarget,
} from '../../src/modules/boards/board-action-lock.ts';
import { dataOf, signedInBrowser, type SignedInBrowser } from '../helpers/board-writes.ts';
import { errorOf, type BrowserResponse } from '../helpers/browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const BUSY = 'Please wait until the previous board action finishes.';

let t: TestApp;
let owner: SignedInBrowser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInBrowser(t);
});
afterAll(() => t.close());

/** Holds the board-action lock of `target` as another action would, until `release()`. */
async function hold(target: BoardActionTarget) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const done = t.app.boardActionLock.run(target, 'update', async () => {
    started();
    await held;
  });
  await running;
  return async () => {
    release();
    await done;
  };
}

function expectBusy(response: BrowserResponse, apiCode: number) {
  expect(response.status).toBe(409);
  expect(errorOf(response)).toMatchObject({ api_error_code: apiCode, message: BUSY });
}

describe('two board actions at once on one board', () => {
  it('refuses each kind of action while another holds the board, with its code', async () => {
    const board = await t.make.board(owner.userId);
    const section = await t.make.section(board.id);
    const release = await hold({ boardId: board.id });
    try {
      expectBusy(await owner.post(`/v3/boards/${board.id}/sections/`, { name: 'New' }), 2171);
      expectBusy(await owner.patch(`/v3/boards/${board.id}/`, { name: 'Renamed' }), 2172);
      expectBusy(await owner.post(`/v3/boards/${board.id}/archive/`), 2172);
      expectBusy(await owner.patch(`/v3/board_sections/${section.id}/`, { name: 'Renamed' }), 2172);
      expectBusy(
        await owner.put(`/v3/boards/${board.id}/sections/order/`, { section_ids: [String(section.id)] }),
        2172,
      );
      expectBusy(await owner.del(`/v3/board_sections/${section.id}/`), 2173);
      expectBusy(await owner.del(`/v3/boards/${board.id}/`), 2173);
      // Another board is not held.
      const other = await t.make.board(owner.userId);
      expect((await owner.patch(`/v3/boards/${other.id}/`, { name: 'Free' })).status).toBe(200);
    } finally {
      await release();
    }
    expect(dataOf(await owner.patch(`/v3/boards/${board.id}/`, { name: 'Renamed' })).name).toBe('Renamed');
    expect((await owner.del(`/v3/boards/${board.id}/`)).status).toBe(200);
  });

  it("refuses a second create by the same person while the first runs (2171), not another person's", async () => {
    const release = await hold({ creatorId: owner.userId });
    try {
      expectBusy(await owner.post('/v3/boards/', { name: 'Twice' }), 2171);
      const other = await signedInBrowser(t);
      expect((await other.post('/v3/boards/', { name: 'Mine' })).status).toBe(200);
    } finally {
      await release();
    }
    expect((await owner.post('/v3/boards/', { name: 'Twice' })).status).toBe(200);
  });

  it('checks permissions before the lock: a stranger learns nothing about a held secret board', async () => {
    const secret = await t.make.board(owner.userId, { privacy: 'secret' });
    const stranger = await signedInBrowser(t);
    const release = await hold({ boardId: secret.id });
    try {
      expect(errorOf(await stranger.patch(`/v3/boards/${secret.id}/`, { name: 'x' })).code).toBe(
        'board_not_found',
      );
    } finally {
      await release();
    }
  });

  it('frees the board when an action fails', async () => {
    const board = await t.make.board(owner.userId);
    const elsewhere = await t.make.pin(owner.userId, (await t.make.board(owner.userId)).id);
    const failed = await owner.post(`/v3/boards/${board.id}/sections/`, {
      name: 'Bad',
      initial_pins: [String(elsewhere.id)],
    });
    expect(errorOf(failed).code).toBe('section_pins_not_on_board');
    expect((await owner.post(`/v3/boards/${board.id}/sections/`, { name: 'Good' })).status).toBe(200);
  });

  it('lets only one of many simultaneous edits of a board through at a time', async () => {
    const board = await t.make.board(owner.userId);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => owner.patch(`/v3/boards/${board.id}/`, { description: `v${i}` })),
    );
    for (const answer of answers) {
      if (answer.status !== 200) expectBusy(answer, 2172);
    }
    expect(answers.some((answer) => answer.status === 200)).toBe(true);
  });
});

describe('the lock in the counter store', () => {
  it('expires on its own so a crashed action never wedges a board', async () => {
    let now = 1_000_000;
    const lock = createBoardActionLock(createMemoryCounters(() => now));
    // An action that never finishes, as if its instance died holding the lock.
    void lock.run({ boardId: 1 }, 'update', () => new Promise(() => {}));
    await Promise.resolve();
    await expect(lock.run({ boardId: 1 }, 'delete', async () => 'second')).rejects.toMatchObject({
      code: 'board_action_in_progress_delete',
    });
    now += BOARD_ACTION_LOCK_SECONDS * 1000;
    await expect(lock.run({ boardId: 1 }, 'delete', async () => 'second')).resolves.toBe('second');
  });
});

const redisUrl = process.env.REDIS_URL;
// Two instances on one database, each with its own Redis connection, as behind a load balancer.
describe.skipIf(!redisUrl)('the lock shared through Redis', () => {
  it('refuses an action on one instance while the other holds the board', async () => {
    const first = await createTestApp({ env: { REDIS_URL: redisUrl! } });
    const second = await createTestApp({ env: { REDIS_URL: redisUrl! }, db: first.db });
    try {
      const user = await signedInBrowser(second);
      const board = await second.make.board(user.userId);
      let release!: () => void;
      const held = first.app.boardActionLock.run(
        { boardId: board.id },
        'update',
        () => new Promise<void>((resolve) => (release = resolve)),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      expectBusy(await user.patch(`/v3/boards/${board.id}/`, { name: 'x' }), 2172);
      release();
      await held;
      expect((await user.patch(`/v3/boards/${board.id}/`, { name: 'x' })).status).toBe(200);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
