import { randomUUID } from 'node:crypto';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertMediaKey, type MediaStorage } from './storage.ts';

// Temporary files live in a dot-folder of the media root: the same filesystem as their final
// place (so rename is atomic) and hidden from the static file server, which ignores dotfiles.
const TEMP_DIR = '.tmp';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Media on local disk under `mediaDir`, served by plugins/media.ts at `urlPrefix`.
 * Writes go to a temporary file and are renamed into place, so a crash or a concurrent reader
 * never sees half a file and a key that exists is always complete.
 */
export function createLocalStorage(mediaDir: string, urlPrefix = '/media'): MediaStorage {
  const root = path.resolve(mediaDir);
  const tempDir = path.join(root, TEMP_DIR);
  const prefix = urlPrefix.replace(/\/+$/, '');

  function resolveKey(key: string): string {
    assertMediaKey(key);
    return path.join(root, ...key.split('/'));
  }

  return {
    // The content type is not kept: the file server derives it from the key's extension.
    async put(key, body, _contentType) {
      const target = resolveKey(key);
      await Promise.all([
        mkdir(path.dirname(target), { recursive: true }),
        mkdir(tempDir, { recursive: true }),
      ]);
      const temp = path.join(tempDir, `${randomUUID()}.part`);
      try {
        await writeFile(temp, body);
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get(key) {
      try {
        return await readFile(resolveKey(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async exists(key) {
      try {
        await access(resolveKey(key));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    urlFor(key) {
      assertMediaKey(key);
      return `${prefix}/${key}`;
    },
  };
}
