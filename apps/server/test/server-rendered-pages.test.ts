import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInBrowser } from './helpers/board-writes.ts';
import { TEST_CSRF_TOKEN } from './helpers/browser.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const WEB_DIR = fileURLToPath(new URL('../../web/', import.meta.url));
const run = promisify(execFile);

let tmp: string;
let t: TestApp;
const ids = {} as Record<'publicPin' | 'secretPin' | 'protectedPin' | 'inactivePin', number>;
let ownerCookie: string;

/** The web app built as `npm run build` builds it (browser and server entries), into a temp folder. */
async function buildWebApp(outDir: string): Promise<void> {
  const vite = path.join(path.dirname(createRequire(WEB_DIR).resolve('vite/package.json')), 'bin/vite.js');
  const options = { cwd: WEB_DIR, env: { ...process.env, NODE_ENV: 'production' } };
  await run(process.execPath, [vite, 'build', '--outDir', outDir, '--logLevel', 'error'], options);
  const server = path.join(outDir, 'server');
  await run(
    process.execPath,
    [vite, 'build', '--ssr', 'src/entry-server.tsx', '--outDir', server, '--logLevel', 'error'],
    options,
  );
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'ssr-test-'));
  const webDistDir = path.join(tmp, 'dist');
  await buildWebApp(webDistDir);
  t = await createTestApp({ webDistDir });
  const owner = await t.make.user({ username: 'ssr_owner', firstName: 'Rosa', lastName: 'Petal' });
  const gone = await t.make.user({ username: 'ssr_gone', status: 'deactivated' });
  const open = await t.make.board(owner.id, { name: 'Garden walls' });
  const secret = await t.make.board(owner.id, { name: 'Hidden orchid plans', privacy: 'secret' });
  const shielded = await t.make.board(owner.id, { name: 'Shielded drafts', privacy: 'protected' });
  const goneBoard = await t.make.board(gone.id, { name: 'Gone board' });
  await t.make.section(open.id, { title: 'Climbers' });
  ids.publicPin = (await t.make.pin(owner.id, open.id, { title: 'Ivy on brick <b>' })).id;
  ids.secretPin = (await t.make.pin(owner.id, secret.id, { title: 'Orchid surprise' })).id;
  ids.protectedPin = (await t.make.pin(owner.id, shielded.id, { title: 'Shielded pin' })).id;
  ids.inactivePin = (await t.make.pin(gone.id, goneBoard.id, { title: 'Gone pin' })).id;
  ownerCookie = await t.make.sessionCookie(owner.id);
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = { accept: '*/*' }) =>
  t.app.inject({ method: 'GET', url, headers });

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

const SECRETS = ['Hidden orchid plans', 'Orchid surprise', 'Shielded drafts', 'Shielded pin'];

describe('server-rendered pages', () => {
  it.each([
    ['*/*', { accept: '*/*' }],
    ['no Accept', {}],
    ['a browser', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }],
  ])(
    'a pin page answers %s with its title, picture, canonical address and JSON-LD',
    async (_who, headers) => {
      const res = await page(`/pin/${ids.publicPin}/`, headers);

      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = res.body;
      expect(html).toContain('<title>Ivy on brick &lt;b&gt; · Pinboard</title>');
      // The content itself, drawn by React on the server, with the answers it was drawn from.
      expect(html).toMatch(/<div id="root"><div[^>]*>.*Ivy on brick &lt;b&gt;/s);
      expect(html).toContain('<script type="application/json" id="query-state">');
      const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
      expect(image).toMatch(/^http:\/\/localhost:3000\/media\/.+/);
      expect(html).toContain(`<meta name="twitter:image" content="${image}"`);
      expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/pin/${ids.publicPin}/"`);
      const [posting, crumbs] = jsonLd(html);
      expect(posting).toMatchObject({ '@type': 'SocialMediaPosting', headline: 'Ivy on brick <b>' });
      expect(posting!.image).toMatchObject({ '@type': 'ImageObject', contentUrl: image });
      expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
      // No `<` from a title reaches the HTML unescaped, in JSON or markup.
      expect(html).not.toContain('<b>');
      // A visitor's page carries the stylesheet; it and the server-rendered style attributes are
      // allowed by hash, nothing else inline.
      expect(html).not.toContain('<link rel="stylesheet"');
      // The pin's picture is asked for first, before the app's script.
      const head = html.slice(0, html.indexOf('</head>'));
      const preload = /<link rel="preload" as="image"[^>]*>/.exec(head)?.[0];
      expect(preload).toContain('/media/');
      expect(head.indexOf(preload!)).toBeLessThan(head.indexOf('<script type="module"'));
      const policy = String(res.headers['content-security-policy']);
      expect(policy).toMatch(/style-src 'self' 'sha256-[^']+' 'unsafe-hashes' 'sha256-/);
      expect(policy).not.toContain('unsafe-inline');
    },
  );

  it.each([
    ['a secret board', 'secretPin'],
    ['a protected board', 'protectedPin'],
    ['an inactive pinner', 'inactivePin'],
  ] as const)('a pin on %s is the not-found page, with nothing of it', async (_what, which) => {
    const res = await page(`/pin/${ids[which]}/`);

    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<meta name="robots" content="noindex"');
    for (const secret of [...SECRETS, 'Gone pin']) expect(res.body).not.toContain(secret);
  });

  it('a board page has its name, cover, breadcrumbs; a hidden board is 404 and unnamed', async () => {
    const res = await page('/ssr_owner/garden-walls/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta property="og:title" content="Garden walls"');
    expect(res.body).toContain('<link rel="canonical" href="http://localhost:3000/ssr_owner/garden-walls/"');
    expect(jsonLd(res.body).map((data) => data['@type'])).toEqual(['CollectionPage', 'BreadcrumbList']);

    const section = await page('/ssr_owner/garden-walls/climbers/');
    expect(section.statusCode).toBe(200);
    expect(section.body).toContain('Climbers');

    for (const url of ['/ssr_owner/hidden-orchid-plans/', '/ssr_owner/shielded-drafts/']) {
      const hidden = await page(url);
      expect(hidden.statusCode, url).toBe(404);
      for (const secret of SECRETS) expect(hidden.body).not.toContain(secret);
    }
  });

  it('the owner, signed in, gets their secret board rendered', async () => {
    const res = await page('/ssr_owner/hidden-orchid-plans/', { accept: '*/*', cookie: ownerCookie });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Hidden orchid plans');
  });

  it('a profile page is a ProfilePage of a Person and lists no hidden board', async () => {
    const res = await page('/ssr_owner/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta property="og:type" content="profile"');
    expect(jsonLd(res.body)[0]).toMatchObject({ '@type': 'ProfilePage', mainEntity: { '@type': 'Person' } });
    expect(res.body).toContain('Garden walls');
    for (const secret of SECRETS) expect(res.body).not.toContain(secret);

    expect((await page('/ssr_gone/')).statusCode).toBe(404);
  });

  it("a renamed person's old profile links lead to the new ones (301)", async () => {
    const person = await t.make.user({ username: 'ssr_renamed_old' });
    const cookie = await t.make.sessionCookie(person.id);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/v3/users/settings/profile/',
      payload: { username: 'ssr_renamed_new' },
      headers: { cookie: `${cookie}; csrftoken=${TEST_CSRF_TOKEN}`, 'x-csrftoken': TEST_CSRF_TOKEN },
    });
    expect(renamed.statusCode).toBe(200);
    for (const [from, to] of [
      ['/ssr_renamed_old/', '/ssr_renamed_new/'],
      ['/SSR_Renamed_Old/_created/?utm=x', '/ssr_renamed_new/_created/?utm=x'],
    ] as const) {
      const res = await page(from);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
    expect((await page('/ssr_renamed_new/')).statusCode).toBe(200);
    expect((await page('/ssr_never_was/')).statusCode).toBe(404);
  });

  it("a renamed person's old board and section links lead to the new ones (301)", async () => {
    const person = await t.make.user({ username: 'ssr_moved_old' });
    const board = await t.make.board(person.id, { name: 'Porch lights' });
    const section = await t.make.section(board.id, { title: 'Lanterns' });
    const cookie = await t.make.sessionCookie(person.id);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/v3/users/settings/profile/',
      payload: { username: 'ssr_moved_new' },
      headers: { cookie: `${cookie}; csrftoken=${TEST_CSRF_TOKEN}`, 'x-csrftoken': TEST_CSRF_TOKEN },
    });
    expect(renamed.statusCode).toBe(200);
    for (const [from, to] of [
      [`/ssr_moved_old/${board.slug}/`, `/ssr_moved_new/${board.slug}/`],
      [
        `/SSR_Moved_Old/${board.slug}/${section.slug}/?utm=x`,
        `/ssr_moved_new/${board.slug}/${section.slug}/?utm=x`,
      ],
    ] as const) {
      const res = await page(from);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
    expect((await page(`/ssr_moved_new/${board.slug}/${section.slug}/`)).statusCode).toBe(200);
    // A board nobody's name, old or current, has is not found.
    const missing = await page(`/ssr_never_was/${board.slug}/`);
    expect(missing.statusCode).toBe(404);
    // Drawn as not found, not as loading: the failure is the page's own state on the server too.
    expect(missing.body).toContain('We could not find that board');
    expect((await page(`/ssr_moved_new/${board.slug}/no-such-section/`)).statusCode).toBe(404);
  });

  it('search pages render their query and never a hidden board or pin', async () => {
    for (const url of ['/search/pins/?q=orchid', '/search/boards/?q=orchid', '/search/pins/?q=shielded']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(jsonLd(res.body)[0], url).toMatchObject({ '@type': 'SearchResultsPage' });
      for (const secret of SECRETS) expect(res.body, url).not.toContain(secret);
    }
    const found = await page('/search/boards/?q=garden');
    expect(found.body).toContain('Garden walls');
  });

  it.each(['/ideas/', '/topics/', '/today/', '/'])('%s is rendered with its head', async (url) => {
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<link rel="canonical"');
    expect(res.body).toContain('<meta property="og:title"');
  });

  it("a visitor's kept page goes when its board turns secret", async () => {
    const owner = await t.make.user({ username: 'ssr_mover' });
    const board = await t.make.board(owner.id, { name: 'Soon private corner' });
    const pin = await t.make.pin(owner.id, board.id, { title: 'Soon private pin' });
    expect((await page(`/pin/${pin.id}/`)).body).toContain('Soon private pin');
    const browser = await signedInBrowser(t, owner.id);
    // The owner's page is rendered for them, never taken from the visitors' pages.
    const own = await page(`/pin/${pin.id}/`, { accept: '*/*', cookie: browser.cookieHeader() });
    expect(own.statusCode).toBe(200);

    expect((await browser.patch(`/v3/boards/${board.id}/`, { privacy: 'secret' })).status).toBe(200);
    const after = await page(`/pin/${pin.id}/`);
    expect(after.statusCode).toBe(404);
    expect(after.body).not.toContain('Soon private');
  });

  it('the policy pages are rendered; the sign-in pages stay for the browser to draw', async () => {
    const policy = await page('/_/_/policy/terms-of-service/');
    expect(policy.statusCode).toBe(200);
    expect(policy.body).toContain('id="query-state"');
    expect(policy.body).toMatch(/<div id="root"><div/);

    for (const url of ['/login/', '/signup/', '/settings/security/']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it("a signed-in viewer's home page is rendered with their feed", async () => {
    const res = await page('/', { accept: '*/*', cookie: ownerCookie });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="query-state"');
    expect(res.body).toContain('"listHomeFeed"');
    // Their browser has the stylesheet from an earlier visit: linked, not carried.
    expect(res.body).toContain('<link rel="stylesheet"');
  });

  it.each([
    '/pin/abc/',
    '/pin/99999999999999999999/',
    '/pin/0/',
    `/${'a'.repeat(30)}/`,
    '/ssr_owner/%E2%80%AE/',
    '/ssr_owner/garden-walls/%ff/',
    '/search/pins/?q=%3C%2Fscript%3E',
    '/search/users/?q=' + 'x'.repeat(600),
    '/topics/%3Cb%3E/',
    '/today/trending/x/',
    '//evil.example/x/',
  ])('the odd address %s is a page or the not-found page, never a 5xx', async (url) => {
    const res = await page(url);
    expect([200, 400, 404]).toContain(res.statusCode);
    // Nothing from the address closes an element the server opened (`</script>` in the query).
    expect(res.body.split('</script>').length).toBe(res.body.split('<script').length);
    // Every address a page names is on this site.
    for (const [, href] of res.body.matchAll(/<link rel="canonical" href="([^"]+)"/g)) {
      expect(href).toMatch(/^http:\/\/localhost:3000\//);
    }
  });

  it('a person hidden from search engines has their profile, boards and pins say noindex (decision 46)', async () => {
    const hidden = await t.make.user({ username: 'ssr_hidden' });
    const board = await t.make.board(hidden.id, { name: 'Quiet corner' });
    const pin = await t.make.pin(hidden.id, board.id, { title: 'Quiet pin' });
    const robots = '<meta name="robots" content="noindex"';
    const urls = ['/ssr_hidden/', `/ssr_hidden/${board.slug}/`, `/pin/${pin.id}/`];
    for (const url of urls) expect((await page(url)).body).not.toContain(robots);
    expect((await page(`/pin/${ids.publicPin}/`)).body).not.toContain(robots);

    const browser = await signedInBrowser(t, hidden.id);
    expect(
      (await browser.request('PATCH', '/v3/users/settings/', { hide_from_search_engines: true })).status,
    ).toBe(200);
    for (const url of urls) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(robots);
    }
    // Other people's pages stay indexable.
    expect((await page(`/pin/${ids.publicPin}/`)).body).not.toContain(robots);
    expect((await page('/ssr_owner/')).body).not.toContain(robots);
  });

  it('an unknown path is the not-found page with 404', async () => {
    const res = await page('/about/');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<meta name="robots" content="noindex"');
  });
});
