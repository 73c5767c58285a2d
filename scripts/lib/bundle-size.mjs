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
