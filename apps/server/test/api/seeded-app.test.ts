import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/cli/seed.ts';
import { createLocalStorage } from '../../src/adapters/storage/local-storage.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import path from 'node:path';

const PINS = 40;
let t: TestApp;
let summary: Awaited<ReturnType<typeof seedDemo>>;

beforeAll(async () => {
  t = await createTestApp();
  summary = await seedDemo(t.db, {
    seed: 7,
    pinCount: PINS,
    storage: createLocalStorage(path.join(t.dataDir, 'media')),
  });
}, 120_000);
afterAll(() => t.close());

const get = (url: string) => t.request({ method: 'GET', url });

describe('the seeded demo through the API', () => {
  it('has the people, boards, sections and pins the demo promises', () => {
    expect(summary.users).toBeGreaterThanOrEqual(8);
    expect(summary.boards).toBeGreaterThanOrEqual(40);
    expect(summary.sections).toBeGreaterThan(0);
    expect(summary.pins).toBe(PINS);
  });

  it('serves every rendition of a feed pin as a real image of the stated size', async () => {
    const { body } = await get('/v3/feeds/home/?page_size=5');
    const pins = body.resource_response.data;
    expect(pins.length).toBe(5);
    for (const pin of pins) {
      expect(pin.dominant_color).toMatch(/^#[0-9a-f]{6}$/);
      for (const [name, spec] of Object.entries(pin.images) as [
        string,
        { url: string; width: number; height: number },
      ][]) {
        const response = await t.app.inject({ method: 'GET', url: spec.url });
        expect(response.statusCode, spec.url).toBe(200);
        expect(response.headers['content-type']).toMatch(/^image\/(webp|jpeg)$/);
        expect(response.headers['cache-control']).toContain('immutable');
        expect(response.headers['set-cookie']).toBeUndefined();
        const meta = await sharp(response.rawPayload).metadata();
        expect({ width: meta.width, height: meta.height }).toEqual({
          width: spec.width,
          height: spec.height,
        });
        expect(meta.exif).toBeUndefined();
        if (name !== 'orig') expect(spec.width).toBeLessThanOrEqual(Number.parseInt(name, 10));
      }
      const ratio = pin.images.orig.height / pin.images.orig.width;
      expect(Math.abs(pin.images['236x'].height / pin.images['236x'].width - ratio)).toBeLessThan(0.02);
    }
  });

  it("answers a profile, its boards, a board with sections and a section's pins", async () => {
    const feed = (await get('/v3/feeds/home/?page_size=1')).body.resource_response.data[0];
    const profile = await get(`/v3/users/${feed.pinner.username}/`);
    expect(profile.body.resource_response.data).toMatchObject({
      username: feed.pinner.username,
      is_me: false,
    });
    const boards = (await get(`/v3/users/${feed.pinner.username}/boards/`)).body.resource_response.data;
    expect(boards.length).toBeGreaterThan(0);
    expect(boards.every((board: { privacy: string }) => board.privacy === 'public')).toBe(true);

    const board = (await get(`/v3/boards/${feed.board.id}/`)).body.resource_response.data;
    expect(board).toMatchObject({ id: feed.board.id, url: feed.board.url, privacy: 'public' });
    expect(board.pin_count).toBeGreaterThan(0);

    const withSections = await findBoardWithSectionPins();
    expect(withSections).not.toBeNull();
  });

  it('is the same demo for the same seed number', async () => {
    const other = await createTestApp();
    try {
      await seedDemo(other.db, {
        seed: 7,
        pinCount: PINS,
        storage: createLocalStorage(path.join(other.dataDir, 'media')),
      });
      const strip = (pins: { title: string; description: string; link: string; board: { name: string } }[]) =>
        pins.map((pin) => [pin.title, pin.description, pin.link, pin.board.name]);
      const mine = (await get('/v3/feeds/home/?page_size=40')).body.resource_response.data;
      const theirs = (await other.request({ method: 'GET', url: '/v3/feeds/home/?page_size=40' })).body
        .resource_response.data;
      expect(strip(theirs)).toEqual(strip(mine));
      expect(theirs.map((pin: { images: { orig: { url: string } } }) => pin.images.orig.url)).toEqual(
        mine.map((pin: { images: { orig: { url: string } } }) => pin.images.orig.url),
      );
    } finally {
      await other.close();
    }
  }, 120_000);
});

/** Walks the demo's public boards for a section that has pins, and reads them through the API. */
async function findBoardWithSectionPins() {
  const feed = (await get('/v3/feeds/home/?page_size=40')).body.resource_response.data as {
    board: { id: string };
  }[];
  for (const boardId of new Set(feed.map((pin) => pin.board.id))) {
    const sections = (await get(`/v3/boards/${boardId}/sections/`)).body.resource_response.data;
    for (const section of sections) {
      if (section.pin_count === 0) continue;
      expect(section.preview_pins.length).toBeGreaterThan(0);
      const pins = (await get(`/v3/board_sections/${section.id}/pins/`)).body.resource_response.data;
      expect(pins).toHaveLength(Math.min(section.pin_count, 25));
      return { boardId, section };
    }
  }
  return null;
}
