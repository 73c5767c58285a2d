import { randomBytes } from 'node:crypto';
import { buildMediaKey } from '../../src/adapters/storage/storage.ts';
import type { Database } from '../../src/db/client.ts';
import { boards, boardSections } from '../../src/db/schema/boards.ts';
import { images } from '../../src/db/schema/images.ts';
import { pins } from '../../src/db/schema/pins.ts';
import { userIdentities } from '../../src/db/schema/identities.ts';
import { boardCollaborators } from '../../src/db/schema/social.ts';
import { sessions, users } from '../../src/db/schema/users.ts';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import { hashSessionToken, SESSION_COOKIE } from '../../src/plugins/viewer.ts';

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

/** Rows with sensible defaults and overrides, so tests never depend on each other's data. */
export function factories(db: Database) {
  return {
    async user(overrides: Partial<typeof users.$inferInsert> = {}) {
      const username = overrides.username ?? `user_${next()}`;
      const [row] = await db
        .insert(users)
        .values({
          username,
          email: `${username}@example.com`,
          firstName: 'Test',
          lastName: 'User',
          ...overrides,
        })
        .returning();
      return row!;
    },

    /** A user who can log in with `password` (argon2id, as sign-up stores it). */
    async userWithPassword(password: string, overrides: Partial<typeof users.$inferInsert> = {}) {
      return this.user({ ...overrides, passwordHash: await hashPassword(password) });
    },

    /** A live session for the user, as the cookie header a request sends. */
    async sessionCookie(userId: number): Promise<string> {
      const token = randomBytes(24).toString('base64url');
      await db.insert(sessions).values({
        idHash: hashSessionToken(token),
        userId,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      return `${SESSION_COOKIE}=${token}`;
    },

    async board(ownerId: number, overrides: Partial<typeof boards.$inferInsert> = {}) {
      const name = overrides.name ?? `Board ${next()}`;
      const [row] = await db
        .insert(boards)
        .values({ ownerId, name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), ...overrides })
        .returning();
      return row!;
    },

    async section(boardId: number, overrides: Partial<typeof boardSections.$inferInsert> = {}) {
      const title = overrides.title ?? `Section ${next()}`;
      const [row] = await db
        .insert(boardSections)
        .values({ boardId, title, slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'), ...overrides })
        .returning();
      return row!;
    },

    async collaborator(boardId: number, userId: number) {
      await db.insert(boardCollaborators).values({ boardId, userId });
    },

    /** An image row whose renditions point at keys; the files themselves are not needed by API tests. */
    async image(overrides: Partial<typeof images.$inferInsert> = {}) {
      const hash = overrides.hash ?? randomBytes(32).toString('hex');
      const rendition = (name: string, width: number) => ({
        key: buildMediaKey(hash, name, 'webp'),
        width,
        height: width * 1.5,
      });
      const [row] = await db
        .insert(images)
        .values({
          hash,
          width: 1000,
          height: 1500,
          dominantColor: '#336699',
          mime: 'image/webp',
          byteSize: 1234,
          sizes: {
            '236x': rendition('236x', 236),
            '474x': rendition('474x', 474),
            '736x': rendition('736x', 736),
            orig: rendition('orig', 1000),
          },
          ...overrides,
        })
        .returning();
      return row!;
    },

    async pin(pinnerId: number, boardId: number, overrides: Partial<typeof pins.$inferInsert> = {}) {
      const imageId = overrides.imageId ?? (await this.image()).id;
      const [row] = await db
        .insert(pins)
        .values({
          pinnerId,
          boardId,
          imageId,
          dominantColor: '#336699',
          title: `Pin ${next()}`,
          createdMethod: 'uploaded',
          ...overrides,
        })
        .returning();
      return row!;
    },

    /** An identity of `provider` (facebook, google, line, apple, sso:<domain>) linked to the user. */
    async identity(
      userId: number,
      provider: string,
      overrides: Partial<typeof userIdentities.$inferInsert> = {},
    ) {
      const [row] = await db
        .insert(userIdentities)
        .values({
          userId,
          provider,
          subject: `sub-${next()}`,
          issuer: 'https://issuer.example',
          ...overrides,
        })
        .returning();
      return row!;
    },
  };
}

export type Factories = ReturnType<typeof factories>;
