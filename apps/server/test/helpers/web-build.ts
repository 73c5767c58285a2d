import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** index.html as Vite writes it: a module script and a stylesheet link. */
export const STAND_IN_INDEX_HTML = [
  '<!doctype html><html><head><title>Pinboard</title>',
  '<script type="module" crossorigin src="/assets/index-e1.js"></script>',
  '<link rel="stylesheet" crossorigin href="/assets/index-c1.css"></head>',
  '<body><div id="root"></div></body></html>',
].join('\n');

/** The manifest entries the server reads to preload the home route's chunks. */
export const STAND_IN_MANIFEST = {
  'index.html': {
    file: 'assets/index-e1.js',
    isEntry: true,
    imports: ['_vendor-v1.js'],
  },
  '_vendor-v1.js': { file: 'assets/vendor-v1.js' },
  'src/routes/HomePage.tsx': {
    file: 'assets/HomePage-h1.js',
    imports: ['_vendor-v1.js', 'index.html', '_PinFeed-p1.js'],
  },
  '_PinFeed-p1.js': {
    file: 'assets/PinFeed-p1.js',
    imports: ['_vendor-v1.js'],
  },
};

export const STAND_IN_STYLESHEET = '.card{border-radius:16px}';

/** What a browser's page view asks for. */
export const HTML_ACCEPT = 'text/html,application/xhtml+xml,*/*;q=0.8';

/**
 * A stand-in of the web app's build in `<dir>/dist` (index.html, the Vite manifest, the entry
 * script and the stylesheet), so tests serve the web routes without building the app. Returns
 * the folder, for `webDistDir`.
 */
export async function writeStandInWebBuild(dir: string): Promise<string> {
  const webDistDir = path.join(dir, 'dist');
  await mkdir(path.join(webDistDir, '.vite'), { recursive: true });
  await mkdir(path.join(webDistDir, 'assets'), { recursive: true });
  await writeFile(path.join(webDistDir, 'index.html'), STAND_IN_INDEX_HTML);
  await writeFile(path.join(webDistDir, '.vite', 'manifest.json'), JSON.stringify(STAND_IN_MANIFEST));
  await writeFile(path.join(webDistDir, 'assets', 'index-e1.js'), 'console.log(1);');
  await writeFile(path.join(webDistDir, 'assets', 'index-c1.css'), STAND_IN_STYLESHEET);
  return webDistDir;
}
