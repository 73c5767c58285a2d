import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The part of Vite's build manifest (`build.manifest`) the server reads. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export type ViteManifest = Record<string, ManifestChunk>;

/**
 * URLs of a lazy route's code that index.html does not already load. No styles: the build
 * keeps every page's CSS in the entry's one stylesheet (vite.config.ts `cssCodeSplit`).
 */
export interface ChunkFiles {
  scripts: string[];
}

export async function readViteManifest(distDir: string): Promise<ViteManifest | null> {
  try {
    return JSON.parse(await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

// A chunk's key and every key it imports statically, transitively.
function staticClosure(manifest: ViteManifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/**
 * What a dynamically imported module (`src/routes/HomePage.tsx`) needs beyond the entry:
 * its chunk and the chunks it imports, as URLs under the site root. Null when
 * the build has no such module (an older build, a renamed file): the page then simply loads
 * the route the usual way.
 */
export function lazyChunkFiles(manifest: ViteManifest, source: string): ChunkFiles | null {
  if (!manifest[source]) return null;
  const loaded = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) staticClosure(manifest, key, loaded);
  }
  const needed = [...staticClosure(manifest, source)].filter((key) => !loaded.has(key));
  return { scripts: needed.map((key) => `/${manifest[key]!.file}`) };
}
