import { randomUUID } from 'node:crypto';
import { access, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertMediaKey, isMediaKey, isTempKey, type MediaStorage } from './storage.ts';

// Temporary files live in a dot-folder of the media root: the same filesystem as their final
// place (so rename is atomic) and hidden from the static file server, which ignores dotfiles.
const TEMP_DIR = '.tmp';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

async function entriesOf(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
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

    async *list() {
      const listed = async (key: string) => {
        try {
          return { key, writtenAt: (await stat(path.join(root, ...key.split('/')))).mtime };
        } catch (error) {
          if (isMissing(error)) return null; // renamed or removed since the directory was read
          throw error;
        }
      };
      for (const entry of await entriesOf(tempDir)) {
        const found = entry.isFile() ? await listed(`${TEMP_DIR}/${entry.name}`) : null;
        if (found && isTempKey(found.key)) yield found;
      }
      // Keys live two shard folders deep (ab/cd/<hash>_<rendition>.<ext>).
      for (const first of await entriesOf(root)) {
        if (!first.isDirectory() || first.name === TEMP_DIR) continue;
        for (const second of await entriesOf(path.join(root, first.name))) {
          if (!second.isDirectory()) continue;
          const shard = `${first.name}/${second.name}`;
          for (const entry of await entriesOf(path.join(root, first.name, second.name))) {
            const key = `${shard}/${entry.name}`;
            const found = entry.isFile() && isMediaKey(key) ? await listed(key) : null;
            if (found) yield found;
          }
        }
      }
    },

    async delete(key, options = {}) {
      if (!isTempKey(key)) assertMediaKey(key);
      const file = path.join(root, ...key.split('/'));
      try {
        if (options.writtenBefore && (await stat(file)).mtimeMs >= options.writtenBefore.getTime())
          return false;
        await rm(file);
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}
