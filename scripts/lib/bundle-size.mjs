// What the built web app (apps/web/dist) makes a browser download for its first page, in
// gzipped bytes: index.html's entry script and modulepreloads, the home route's lazy chunk,
// and every chunk these import statically.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The lazy chunk of the home route: Vite names it after routes/HomePage.tsx. */
const HOME_CHUNK = /^HomePage-[\w-]+\.js$/;

/** gzip at zlib's default level 6, what most servers and CDNs use on the fly. */
export function gzipSize(buffer) {
  return gzipSync(buffer, { level: 6 }).length;
}

// `import{a as b}from"./x.js"`, `export{...}from"./x.js"` and `import"./x.js"`; not import().
const STATIC_IMPORT =
  /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']\.\/([\w.-]+\.js)["']/g;

function staticImports(code) {
  return [...code.matchAll(STATIC_IMPORT)].map((match) => match[1]);
}

function attributeValues(html, pattern) {
  return [...html.matchAll(pattern)].map((match) => match[1]);
}

function assetName(url) {
  return path.posix.basename(new URL(url, 'http://x/').pathname);
}

/**
 * Sizes of the first page's JavaScript and of the CSS, raw and gzipped, from the build in
 * `distDir`. Throws when the build is missing or index.html names no entry script.
 */
export async function measureBundle(distDir) {
  const assetsDir = path.join(distDir, 'assets');
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const names = await readdir(assetsDir);
  const files = new Map();
  const fileInfo = async (name) => {
    if (!files.has(name)) {
      const buffer = await readFile(path.join(assetsDir, name));
      files.set(name, { name, raw: buffer.length, gzip: gzipSize(buffer), code: buffer.toString('utf8') });
    }
    return files.get(name);
  };

  const entries = attributeValues(html, /<script[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g).map(assetName);
  if (entries.length === 0) throw new Error(`${distDir}/index.html names no module script`);
  const preloads = attributeValues(html, /<link[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g).map(
    assetName,
  );
  const homeChunk = names.find((name) => HOME_CHUNK.test(name)) ?? null;

  // Everything reachable by static imports from the entry, its preloads and the home chunk.
  const firstPageJs = new Set();
  const queue = [...entries, ...preloads, ...(homeChunk ? [homeChunk] : [])];
  while (queue.length > 0) {
    const name = queue.shift();
    if (firstPageJs.has(name) || !names.includes(name)) continue;
    firstPageJs.add(name);
    queue.push(...staticImports((await fileInfo(name)).code));
  }

  const initialCss = attributeValues(html, /<link[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g).map(
    assetName,
  );
  const homeCss = homeChunk
    ? names.filter((name) => name.startsWith('HomePage-') && name.endsWith('.css'))
    : [];
  const allCss = names.filter((name) => name.endsWith('.css'));
  const allJs = names.filter((name) => name.endsWith('.js'));

  const total = async (list) => {
    const infos = await Promise.all([...list].map(fileInfo));
    return {
      files: infos.map(({ name, raw, gzip }) => ({ name, raw, gzip })),
      raw: infos.reduce((sum, info) => sum + info.raw, 0),
      gzip: infos.reduce((sum, info) => sum + info.gzip, 0),
    };
  };
  return {
    homeChunk,
    firstPageJs: await total(firstPageJs),
    firstPageCss: await total(new Set([...initialCss, ...homeCss])),
    allCss: await total(allCss),
    allJs: await total(allJs),
  };
}

/** Each public page's route module (apps/web/src/router.tsx), by its name in public-pages.mjs. */
export const PAGE_MODULES = {
  home: 'src/routes/HomePage.tsx',
  'pin closeup': 'src/routes/PinPage.tsx',
  profile: 'src/routes/ProfilePage.tsx',
  board: 'src/routes/BoardPage.tsx',
  section: 'src/routes/SectionPage.tsx',
  'search results': 'src/routes/SearchPage.tsx',
  ideas: 'src/routes/IdeasPage.tsx',
  topic: 'src/routes/TopicPage.tsx',
  today: 'src/routes/TodayPage.tsx',
};

/**
 * Each public page's static closure in the build in `distDir`, from Vite's manifest: the entry
 * script, the page's route chunk and every chunk these import statically, gzipped. What a first
 * view of the page cannot do without; what its components load lazily once they render (and what
 * the browser figures in perf:web count) comes on top. Throws when the manifest lacks a page.
 */
export async function measurePageClosures(distDir) {
  const manifest = JSON.parse(await readFile(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error(`${distDir}/.vite/manifest.json names no entry`);
  const sizes = new Map();
  const gzipOf = async (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSize(await readFile(path.join(distDir, file))));
    return sizes.get(file);
  };
  const pages = [];
  for (const [name, module] of Object.entries(PAGE_MODULES)) {
    if (!manifest[module]) throw new Error(`the build's manifest has no chunk for ${module}`);
    const keys = new Set();
    const queue = [entry, module];
    while (queue.length > 0) {
      const key = queue.shift();
      if (keys.has(key)) continue;
      keys.add(key);
      queue.push(...(manifest[key].imports ?? []));
    }
    const files = [...keys].map((key) => manifest[key].file);
    const gzips = await Promise.all(files.map(gzipOf));
    pages.push({ name, files: files.length, gzip: gzips.reduce((sum, size) => sum + size, 0) });
  }
  return pages;
}
