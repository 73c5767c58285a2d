import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { boards, boardSections } from '../db/schema/boards.ts';
import { boardCollaborators, boardFollows, userFollows } from '../db/schema/social.ts';
import { users } from '../db/schema/users.ts';
import type { MediaStorage } from '../adapters/storage/storage.ts';
import { mapWithConcurrency } from '../lib/concurrency.ts';
import { processImage } from '../modules/media/image-pipeline.ts';
import { upsertImages } from '../modules/media/uploads.repository.ts';
import { insertPinsInBulk } from './seed-bulk-load.ts';
import { createRng, generateSeedImage } from './seed-images.ts';
import {
  fillSeedPattern,
  SEED_DESCRIPTION_PATTERNS,
  SEED_PEOPLE,
  SEED_TITLE_PATTERNS,
  SEED_TOPICS,
  type SeedTopic,
} from './seed-data.ts';

export interface SeedOptions {
  seed: number;
  pinCount: number;
  storage: MediaStorage;
  log?: (message: string) => void;
}

export interface SeedSummary {
  users: number;
  boards: number;
  sections: number;
  pins: number;
  images: number;
}

const BOARDS_PER_USER = 4;
// A quarter of the demo pins are saves of earlier pins, as on a real board (and fewer pictures to render).
const REPIN_SHARE = 0.25;
const DAY_MS = 86_400_000;
const SEED_IMAGE_POOL = 1_000;

/** Whether the database has no users yet (first start). */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return (row?.count ?? 0) === 0;
}

/**
 * Fills an empty database with a deterministic demo: people, boards (some with sections,
 * some secret, some collaborative), pins with locally generated images, and follows.
 */
export async function seedDemo(db: Database, options: SeedOptions): Promise<SeedSummary> {
  const rng = createRng(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
  const log = options.log ?? (() => {});
  const started = Date.now();
  const now = Date.now();

  const originalCount = Math.max(1, Math.round(options.pinCount * (1 - REPIN_SHARE)));
  // Large seeds (the search bench's 100,000 pins) share a pool of pictures: rendering one per
  // pin would take hours; a pin's text is what they are for.
  const uniqueImages = Math.min(originalCount, SEED_IMAGE_POOL);
  const processed = await mapWithConcurrency(
    Array.from({ length: uniqueImages + SEED_PEOPLE.length }, (_, i) => i),
    4,
    async (i) =>
      processImage(await generateSeedImage(createRng(options.seed * 7919 + i), i), options.storage),
  );
  log(`seed: ${processed.length} images processed in ${Date.now() - started} ms`);

  const summary = await db.transaction(async (tx) => {
    const imageRows = await upsertImages(tx, processed);
    const pinImages = imageRows.slice(0, uniqueImages);
    const avatarImages = imageRows.slice(uniqueImages);

    const userRows = await tx
      .insert(users)
      .values(
        SEED_PEOPLE.map(([username, firstName, lastName, about], i) => ({
          username,
          email: `${username.replace('.', '_')}@example.com`,
          firstName,
          lastName,
          about,
          avatarImageId: i % 3 === 2 ? null : avatarImages[i]!.id,
          avatarColorIndex: i % 10,
          type: username === 'northwind_studio' ? ('business' as const) : ('personal' as const),
          createdAt: new Date(now - (400 - i * 20) * DAY_MS),
        })),
      )
      .returning({ id: users.id });

    const boardSpecs = userRows.flatMap((user, u) =>
      Array.from({ length: BOARDS_PER_USER }, (_, b) => ({
        user,
        topic: SEED_TOPICS[(u * 3 + b * 5) % SEED_TOPICS.length]!,
        index: u * BOARDS_PER_USER + b,
      })),
    );
    const boardRows = await tx
      .insert(boards)
      .values(
        boardSpecs.map(({ user, topic, index }) => ({
          ownerId: user.id,
          name: index % 9 === 4 ? `${topic.board} (private)` : topic.board,
          slug: slugify(index % 9 === 4 ? `${topic.board} private` : topic.board),
          description: `Ideas about ${topic.hashtags[0]} I keep coming back to.`,
          // Every ninth board is secret and one in twenty protected, so privacy is exercised.
          privacy:
            index % 9 === 4
              ? ('secret' as const)
              : index % 20 === 13
                ? ('protected' as const)
                : ('public' as const),
          customPosition: (index * 7) % BOARDS_PER_USER,
          createdAt: new Date(now - (300 - index * 5) * DAY_MS),
        })),
      )
      .returning({ id: boards.id, ownerId: boards.ownerId, privacy: boards.privacy });

    const sectionRows = await insertSections(
      tx,
      boardRows,
      boardSpecs.map((spec) => spec.topic),
    );
    await insertCollaborators(tx, boardRows, userRows);

    const pinValues = Array.from({ length: options.pinCount }, (_, i) => {
      const boardIndex = Math.floor(rng() * boardRows.length);
      const board = boardRows[boardIndex]!;
      const topic = boardSpecs[boardIndex]!.topic;
      const sections = sectionRows.filter((section) => section.boardId === board.id);
      const image = pinImages[i % uniqueImages]!;
      const words = { adj: pick(topic.adjectives), noun: pick(topic.nouns) };
      const tags = topic.hashtags.filter(() => rng() < 0.6);
      const link = rng() < 0.85 ? `https://${topic.domain}/${slugify(`${words.adj} ${words.noun}`)}` : null;
      return {
        pinnerId: board.ownerId,
        boardId: board.id,
        sectionId: sections.length > 0 && rng() < 0.6 ? pick(sections).id : null,
        title: capitalise(fillSeedPattern(pick(SEED_TITLE_PATTERNS), words, tags)),
        description: fillSeedPattern(pick(SEED_DESCRIPTION_PATTERNS), words, tags),
        link,
        domain: link ? topic.domain : null,
        hashtags: tags,
        imageId: image.id,
        dominantColor: image.dominantColor,
        createdMethod: pick(['uploaded', 'scraped', 'pinbuilder', 'button'] as const),
        createdAt: new Date(now - (options.pinCount - i) * 0.15 * DAY_MS),
      };
    });
    // The first pin of each image is its original; later pins of the same image are repins of it.
    // In bulk: counts and vocabulary once at the end, not per pin (decision 29).
    const progress = (done: number) => {
      if (done % 20_000 === 0) log(`seed: ${done} pins inserted`);
    };
    const originals = await insertPinsInBulk(tx, pinValues.slice(0, originalCount), progress);
    const repins = await insertPinsInBulk(
      tx,
      pinValues.slice(originalCount).map((value, i) => {
        const original = originals[i % originals.length]!;
        return {
          ...value,
          viaPinId: original.id,
          viaPinnerId: original.pinnerId,
          originPinnerId: original.pinnerId,
          createdMethod: 'repin' as const,
        };
      }),
      (done) => progress(originals.length + done),
    );
    log(`seed: ${originals.length + repins.length} pins inserted`);
    await insertFollows(tx, userRows, boardRows);

    return {
      users: userRows.length,
      boards: boardRows.length,
      sections: sectionRows.length,
      pins: originals.length + repins.length,
      images: imageRows.length,
    };
  });
  // Fresh tables have no planner statistics (PGlite has no autovacuum): without them the
  // first queries pick poor plans, e.g. related pins take ~500 ms instead of ~100 ms.
  await db.execute(sql`analyze`);
  return summary;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'board'
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Sections on boards whose topic has them, on two boards out of three. */
async function insertSections(tx: Tx, boardRows: { id: number }[], topics: SeedTopic[]) {
  const values = boardRows.flatMap((board, i) =>
    i % 3 === 2
      ? []
      : (topics[i]!.sections ?? []).map((title, position) => ({
          boardId: board.id,
          title,
          slug: slugify(title),
          position,
        })),
  );
  if (values.length === 0) return [];
  return tx
    .insert(boardSections)
    .values(values)
    .returning({ id: boardSections.id, boardId: boardSections.boardId });
}

/** Every fifth board is a group board with one or two collaborators. */
async function insertCollaborators(
  tx: Tx,
  boardRows: { id: number; ownerId: number }[],
  userRows: { id: number }[],
) {
  const values = boardRows.flatMap((board, i) => {
    if (i % 5 !== 1) return [];
    const others = userRows.filter((user) => user.id !== board.ownerId);
    return [others[i % others.length]!, others[(i + 3) % others.length]!]
      .slice(0, 1 + (i % 2))
      .map((user) => ({ boardId: board.id, userId: user.id }));
  });
  if (values.length > 0) await tx.insert(boardCollaborators).values(values).onConflictDoNothing();
}

/** Each person follows a few others and a few of their public boards. */
async function insertFollows(
  tx: Tx,
  userRows: { id: number }[],
  boardRows: { id: number; ownerId: number; privacy: string }[],
) {
  const userValues = userRows.flatMap((user, i) =>
    [1, 2, 4].map((step) => ({
      followerId: user.id,
      followeeId: userRows[(i + step) % userRows.length]!.id,
    })),
  );
  await tx.insert(userFollows).values(userValues).onConflictDoNothing();
  const boardValues = userRows.flatMap((user, i) =>
    boardRows
      .filter((board, b) => board.privacy === 'public' && board.ownerId !== user.id && (b + i) % 7 === 0)
      .map((board) => ({ userId: user.id, boardId: board.id })),
  );
  if (boardValues.length > 0) await tx.insert(boardFollows).values(boardValues).onConflictDoNothing();
}
