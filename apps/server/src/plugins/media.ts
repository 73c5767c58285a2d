import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isMediaKey } from '../adapters/storage/storage.ts';

export interface MediaOptions {
  /** The root local storage writes to (DATA_DIR/media by default). */
  mediaDir: string;
}

/** Where local media is served: the default `urlPrefix` of createLocalStorage. */
export const MEDIA_PREFIX = '/media/';

/**
 * Serves stored media under /media/ from local disk. Keys are content hashes, so a URL never
 * changes meaning: browsers and CDNs may keep a file for a year without asking again.
 * A missing file goes to the app's not-found handler (no handler of its own here).
 */
export async function registerMedia(app: FastifyInstance, opts: MediaOptions): Promise<void> {
  const root = path.resolve(opts.mediaDir);
  // @fastify/static only warns about a missing root; creating it keeps a fresh DATA_DIR working
  // before the first upload.
  await mkdir(root, { recursive: true });

  // Its own scope and no reply decorator, so it sits beside the web app's @fastify/static.
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root,
      prefix: MEDIA_PREFIX,
      decorateReply: false,
      wildcard: true,
      // Only paths shaped like a media key reach the disk; directories, local storage's
      // temporary files (.tmp/) and anything else go to the not-found handler.
      allowedPath: (pathName) => isMediaKey(pathName.replace(/^\/+/, '')),
      index: false,
      list: false,
      redirect: false,
      dotfiles: 'ignore',
      immutable: true,
      maxAge: '365d',
      // Content-Type comes from the extension (webp, jpg, png, gif, mp4); nosniff stops a
      // browser from second-guessing it, so an uploaded file can never be run as a page.
      setHeaders(res) {
        res.setHeader('X-Content-Type-Options', 'nosniff');
      },
    });
  });
}
