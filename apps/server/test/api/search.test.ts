import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECENT_SEARCHES_MAX } from '@pinboard/shared';
import { AdminUsageError, ADMIN_USAGE, runAdminCommand } from '../../src/cli/commands.ts';
import { createLocalStorage } from '../../src/adapters/storage/local-storage.ts';
import { loadConfig } from '../../src/config.ts';
import { eq } from 'drizzle-orm';
import { images } from '../../src/db/schema/images.ts';
import { pins } from '../../src/db/schema/pins.ts';
import { userBlocks } from '../../src/db/schema/blocks.ts';
import { users } from '../../src/db/schema/users.ts';
import { SPARE_PEOPLE } from '../../src/modules/search/typeahead.repository.ts';
import { RANKED_TEXT_MATCHES } from '../../src/modules/search/search.repository.ts';
import { signedInBrowser } from '../helpers/board-writes.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let owner: { id: number };
let board: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.make.user({ username: 'search_owner' });
  board = await t.make.board(owner.id, { name: 'Everyday things' });
});
afterAll(() => t.close());

const admin = (...argv: string[]) => {
  const config = loadConfig({ DATA_DIR: t.dataDir });
  return runAdminCommand({ db: t.db, config, storage: createLocalStorage(config.mediaDir) }, argv);
};
const withCsrf = (cookie?: string) => ({ cookie: `${cookie ?? ''}; csrftoken=tok`, 'x-csrftoken': 'tok' });

async function search(scope: string, params: Record<string, string>, cookie?: string) {
  const url = `/v3/search/${scope}/?${new URLSearchParams(params)}`;
  const res = await t.request({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { data, bookmark } = res.body.resource_response;
  return { ...data, bookmark, titles: data.results.map((r: { title?: string }) => r.title) };
}
const pin = (title: string, description = '', overrides = {}) =>
  t.make.pin(owner.id, board.id, { title, description, ...overrides });

const NOTICE = {
  title: 'Are you OK?',
  description: {
    text: 'Help is available. Call us.',
    tags: [{ tagType: 'link', offset: 0, length: 4, link: 'https://help.example/' }],
  },
  actions: [{ title: 'Talk', description: 'Someone listens', button: { text: 'Call', link: '/help/' } }],
  style: 'warning',
  footer: 'Pinboard cares',
  level: 4,
};

describe('pin search', () => {
  it('ranks a title match above a description match, whatever their age', async () => {
    const titled = await pin('Chocolate cake with berries');
    const described = await pin('Sunday dessert', 'A rich chocolate cake for the weekend');
    const result = await search('pins', { q: 'chocolate cake' });
    expect(result.results.map((r: { id: string }) => r.id)).toEqual([
      String(titled.id),
      String(described.id),
    ]);
    expect(result.advisory).toBeNull();
    expect(result.results[0]).toMatchObject({ type: 'pin', board: { name: 'Everyday things' } });
  });

  it('tolerates typos, exact words first', async () => {
    await pin('Kitchen shelves in oak');
    expect((await search('pins', { q: 'kichen' })).titles).toEqual(['Kitchen shelves in oak']);
    expect((await search('pins', { q: 'chocolat cake' })).titles).toContain('Chocolate cake with berries');
    expect((await search('pins', { q: 'kichen', auto_correction_disabled: 'true' })).titles).toEqual([]);
  });

  it('stems English words and matches board names and hashtags', async () => {
    await pin('Baked sourdough loaf');
    expect((await search('pins', { q: 'baking' })).titles).toEqual(['Baked sourdough loaf']);
    const other = await t.make.board(owner.id, { name: 'Ceramics studio' });
    await t.make.pin(owner.id, other.id, { title: 'A bowl', hashtags: ['wheelthrown'] });
    expect((await search('pins', { q: 'ceramics' })).titles).toEqual(['A bowl']);
    expect((await search('pins', { q: 'wheelthrown' })).titles).toEqual(['A bowl']);
    expect((await search('pins', { q: '#wheelthrown' })).titles).toEqual(['A bowl']);
  });

  it('takes websearch syntax: quoted phrases and -exclusions', async () => {
    await pin('Lemon tart recipe');
    await pin('Tart apples and lemon');
    expect((await search('pins', { q: '"lemon tart"' })).titles).toEqual(['Lemon tart recipe']);
    await pin('Vanilla cupcakes');
    await pin('Strawberry cupcakes');
    expect((await search('pins', { query: 'cupcakes -vanilla' })).titles).toEqual(['Strawberry cupcakes']);
  });

  it('never shows secret or protected boards, nor suspended accounts, even to the owner', async () => {
    const cookie = await t.make.sessionCookie(owner.id);
    const secret = await t.make.board(owner.id, { name: 'Zebra secret', privacy: 'secret' });
    const prot = await t.make.board(owner.id, { name: 'Zebra protected', privacy: 'protected' });
    await t.make.pin(owner.id, secret.id, { title: 'Zebra stripes hidden' });
    await t.make.pin(owner.id, prot.id, { title: 'Zebra stripes protected' });
    const gone = await t.make.user({ status: 'suspended' });
    const goneBoard = await t.make.board(gone.id, { name: 'Zebra gone' });
    await t.make.pin(gone.id, goneBoard.id, { title: 'Zebra stripes suspended' });
    await pin('Zebra stripes public');
    for (const viewer of [undefined, cookie]) {
      expect((await search('pins', { q: 'zebra' }, viewer)).titles).toEqual(['Zebra stripes public']);
      expect((await search('boards', { q: 'zebra' }, viewer)).results).toEqual([]);
      expect((await search('pins', { q: 'zebre stripe' }, viewer)).titles).toEqual(['Zebra stripes public']);
    }
  });

  it('pages with bookmarks, no repeats; takes domains, filters and top_pin_id', async () => {
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(await pin(`Patchwork quilt ${i}`, '', { domain: i < 2 ? 'quilts.example' : null }));
    const seen: string[] = [];
    let bookmark: string | null = null;
    do {
      const page: { results: { id: string }[]; bookmark: string | null } = await search('pins', {
        q: 'quilt',
        page_size: '2',
        ...(bookmark ? { bookmark } : {}),
      });
      seen.push(...page.results.map((r) => r.id));
      bookmark = page.bookmark;
    } while (bookmark);
    expect(seen).toEqual(made.map((p) => String(p.id)).reverse());
    expect((await search('pins', { q: 'quilt', domains: 'www.quilts.example' })).results).toHaveLength(2);
    expect((await search('pins', { q: 'quilt', filters: 'videos' })).results).toHaveLength(0);
    const top = await search('pins', { q: 'quilt', top_pin_id: String(made[0]!.id) });
    expect(top.results[0].id).toBe(String(made[0]!.id));
    const bad = await t.request({ method: 'GET', url: '/v3/search/pins/?q=quilt&bookmark=nope' });
    expect(bad.body.resource_response.error.code).toBe('invalid_bookmark');
    const empty = await t.request({ method: 'GET', url: '/v3/search/pins/?q=%20' });
    expect(empty.body.resource_response.error.field).toBe('q');
  });

  it('ranks the newest matches only, and the top pin however old', async () => {
    // A picture each (in one insert): search shows one pin per picture (decision 44).
    const { id: _id, ...picture } = await t.make.image();
    const pictures = await t.db
      .insert(images)
      .values(
        Array.from({ length: RANKED_TEXT_MATCHES + 5 }, (_, i) => ({
          ...picture,
          hash: `${picture.hash}${i}`,
        })),
      )
      .returning({ id: images.id });
    const rows = pictures.map((image) => ({
      pinnerId: owner.id,
      boardId: board.id,
      imageId: image.id,
      dominantColor: '#336699',
      title: 'Paper lantern',
      createdMethod: 'uploaded' as const,
    }));
    const ids = (await t.db.insert(pins).values(rows).returning({ id: pins.id })).map((row) =>
      String(row.id),
    );
    const seen: string[] = [];
    let bookmark: string | null = null;
    do {
      const page: { results: { id: string }[]; bookmark: string | null } = await search('pins', {
        q: 'lantern',
        page_size: '50',
        ...(bookmark ? { bookmark } : {}),
      });
      seen.push(...page.results.map((r) => r.id));
      bookmark = page.bookmark;
    } while (bookmark && seen.length <= ids.length);
    expect(seen).toEqual(ids.slice(-RANKED_TEXT_MATCHES).reverse());
    const oldest = ids[0]!;
    expect((await search('pins', { q: 'lantern', top_pin_id: oldest })).results[0].id).toBe(oldest);
  });
});

describe('boards and people', () => {
  it('finds public boards by name and people by username or name, with typos', async () => {
    await t.make.board(owner.id, { name: 'Garden design ideas' });
    expect((await search('boards', { q: 'garden' })).results.map((b: { name: string }) => b.name)).toEqual([
      'Garden design ideas',
    ]);
    expect((await search('boards', { q: 'gardn design' })).results).toHaveLength(1);
    await t.make.user({ username: 'marguerite_k', firstName: 'Marguerite', lastName: 'Keller' });
    const people = await search('users', { q: 'marguerite' });
    expect(people.results[0]).toMatchObject({ username: 'marguerite_k', full_name: 'Marguerite Keller' });
    expect((await search('users', { q: 'margerite keler' })).results).toHaveLength(1);
  });
});

describe('advisories', () => {
  it('is in the admin usage text', () => {
    expect(ADMIN_USAGE).toContain('advisory add <term>');
  });

  it("carries a registered term's advisory; an abusive term answers none of its results", async () => {
    await pin('Gloomy weather photography');
    expect(await admin('advisory', 'add', '  Gloomy   WEATHER ', 'SENSITIVE', JSON.stringify(NOTICE))).toBe(
      "Advisory for 'gloomy weather' added: SENSITIVE (1).",
    );
    const sensitive = await search('pins', { q: 'gloomy weather' });
    expect(sensitive.results).toHaveLength(1);
    expect(sensitive.advisory).toMatchObject({
      advisory: 'gloomy weather',
      severity: 1,
      level: 4,
      advisory_type: null,
      resource_country: null,
      advisory_details: { title: 'Are you OK?', footer: 'Pinboard cares', style: 'warning' },
    });
    expect(await admin('advisory', 'add', 'gloomy weather', '0', JSON.stringify(NOTICE))).toContain(
      'updated',
    );
    const abusive = await search('pins', { q: 'Gloomy weather' });
    expect(abusive).toMatchObject({ results: [], bookmark: null, advisory: { severity: 0 } });
    expect((await search('boards', { q: 'gloomy weather' })).advisory.severity).toBe(0);
    expect(await admin('advisory', 'list')).toContain("'gloomy weather'  ABUSIVE (0)");
    expect(await admin('advisory', 'remove', 'gloomy weather')).toBe(
      "Advisory for 'gloomy weather' removed.",
    );
    expect((await search('pins', { q: 'gloomy weather' })).advisory).toBeNull();
  });

  it('refuses bad input with a clear message', async () => {
    const bad = async (argv: string[], message: string) => {
      const error = await admin('advisory', ...argv).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AdminUsageError);
      expect((error as Error).message).toContain(message);
    };
    await bad(
      ['add', 'x', 'SCARY', '{}'],
      "Severity 'SCARY' is not one of ABUSIVE (0), SENSITIVE (1), BRAND_UNSAFE (2).",
    );
    await bad(['add', 'x', '1', '{nope'], 'The notice is not valid JSON');
    const longTag = {
      ...NOTICE,
      description: { text: 'Hi', tags: [{ tagType: 'link', offset: 1, length: 5, link: '/x' }] },
    };
    await bad(
      ['add', 'x', '1', JSON.stringify(longTag)],
      'description.tags.0: Tag 0 runs past the end of the text',
    );
    await bad(['add', 'x', '1', JSON.stringify({ ...NOTICE, title: undefined })], 'title:');
    await bad(['remove', 'never added'], "'never added' has no advisory");
    await bad(['add', 'x'], 'Expected: advisory add');
  });
});

describe('recent searches and typeahead', () => {
  it("records a signed-in viewer's searches (newest first, at most the limit) and clears them", async () => {
    const viewer = await t.make.user();
    const cookie = await t.make.sessionCookie(viewer.id);
    for (let i = 0; i <= RECENT_SEARCHES_MAX; i++) await search('pins', { q: `Topic ${i}` }, cookie);
    await search('boards', { q: 'topic 3' }, cookie);
    const recent = await t.request({ method: 'GET', url: '/v3/search/recent/', headers: { cookie } });
    const queries = recent.body.resource_response.data.map((r: { query: string }) => r.query);
    expect(queries).toHaveLength(RECENT_SEARCHES_MAX);
    expect(queries.slice(0, 2)).toEqual(['topic 3', `topic ${RECENT_SEARCHES_MAX}`]);
    expect(queries).not.toContain('topic 0');
    const cleared = await t.request({
      method: 'DELETE',
      url: '/v3/search/recent/',
      headers: withCsrf(cookie),
    });
    expect(cleared.body.resource_response.data).toEqual([]);
    const after = await t.request({ method: 'GET', url: '/v3/search/recent/', headers: { cookie } });
    expect(after.body.resource_response.data).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/v3/search/recent/' })).status).toBe(401);
  });

  it('suggests queries, boards and people for a prefix, public ones only', async () => {
    const viewer = await t.make.user();
    const cookie = await t.make.sessionCookie(viewer.id);
    await search('pins', { q: 'Hydrangea care' }, cookie);
    await pin('Hydrangea bouquet', '', { hashtags: ['hydrangeas'] });
    await t.make.board(owner.id, { name: 'Hydrangea garden' });
    const hidden = await t.make.board(owner.id, { name: 'Hydrangea hidden', privacy: 'secret' });
    await t.make.pin(owner.id, hidden.id, { title: 'Hydrangea secret stash' });
    await t.make.user({ username: 'hydra_fan', firstName: 'Hy' });
    const res = await t.request({
      method: 'GET',
      url: '/v3/search/typeahead/?term=Hydra&count=5',
      headers: { cookie },
    });
    const items = res.body.resource_response.data.items;
    expect(items.filter((i: { type: string }) => i.type === 'query')).toEqual([
      { type: 'query', query: 'hydrangea care', source: 'recent' },
      { type: 'query', query: 'hydrangea bouquet', source: 'title' },
      { type: 'query', query: '#hydrangeas', source: 'hashtag' },
    ]);
    expect(items.filter((i: { type: string }) => i.type === 'board').map((i: any) => i.board.name)).toEqual([
      'Hydrangea garden',
    ]);
    expect(items.find((i: { type: string }) => i.type === 'user').user).toMatchObject({
      username: 'hydra_fan',
    });
    const one = await t.request({ method: 'GET', url: '/v3/search/typeahead/?term=hydra&count=1' });
    const kinds = one.body.resource_response.data.items.map((i: { type: string }) => i.type);
    expect(kinds).toEqual(['query', 'board', 'user']);
  });

  it('stops suggesting a board turned secret and a suspended account at once, though lists are kept', async () => {
    const viewer = await t.make.user();
    const cookie = await t.make.sessionCookie(viewer.id);
    const keeper = await signedInBrowser(t);
    const nook = await t.make.board(keeper.userId, { name: 'Quokka corner' });
    await t.make.pin(keeper.userId, nook.id, { title: 'Quokka selfie' });
    const other = await t.make.user({ username: 'quokka_keeper' });
    const otherBoard = await t.make.board(other.id, { name: 'Quokka island' });
    const shown = async () => {
      const res = await t.request({
        method: 'GET',
        url: '/v3/search/typeahead/?term=quok',
        headers: { cookie },
      });
      expect(res.status).toBe(200);
      const items = res.body.resource_response.data.items as any[];
      return {
        titles: items.filter((i) => i.type === 'query').map((i) => i.query),
        boards: items
          .filter((i) => i.type === 'board')
          .map((i) => i.board.name)
          .sort(),
        users: items.filter((i) => i.type === 'user').map((i) => i.user.username),
      };
    };
    expect(await shown()).toEqual({
      titles: ['quokka selfie'],
      boards: ['Quokka corner', 'Quokka island'],
      users: ['quokka_keeper'],
    });
    expect((await keeper.patch(`/v3/boards/${nook.id}/`, { privacy: 'secret' })).status).toBe(200);
    expect(await shown()).toEqual({ titles: [], boards: ['Quokka island'], users: ['quokka_keeper'] });
    const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, other.id));
    await admin('suspend', row!.email!);
    expect(await shown()).toEqual({ titles: [], boards: [], users: [] });
    expect(otherBoard.id).toBeGreaterThan(0);
  });

  it('leaves out people blocked either way, however many of the kept candidates they are', async () => {
    const viewer = await t.make.user();
    const cookie = await t.make.sessionCookie(viewer.id);
    const people = [];
    for (let i = 0; i < 3 + SPARE_PEOPLE; i++) people.push(await t.make.user({ username: `zebu_${i}` }));
    const shown = async (count: number) => {
      const url = `/v3/search/typeahead/?term=zebu&count=${count}`;
      const res = await t.request({ method: 'GET', url, headers: { cookie } });
      const items = res.body.resource_response.data.items as any[];
      return items.filter((i) => i.type === 'user').map((i) => i.user.username as string);
    };
    expect(await shown(2)).toHaveLength(2);
    // All the kept candidates but one blocked (some by the viewer, some blocking the viewer).
    const everyone = await shown(2 + SPARE_PEOPLE);
    const blocked = people.filter((p) => everyone.includes(p.username!)).slice(0, 1 + SPARE_PEOPLE);
    await t.db
      .insert(userBlocks)
      .values(
        blocked.map((p, i) =>
          i % 2 ? { blockerId: viewer.id, blockedId: p.id } : { blockerId: p.id, blockedId: viewer.id },
        ),
      );
    const left = people.map((p) => p.username!).filter((name) => !blocked.some((p) => p.username === name));
    expect((await shown(2)).sort()).toEqual(left.sort().slice(0, 2));
    expect(await shown(2 + SPARE_PEOPLE)).toEqual(expect.arrayContaining(left));
    expect((await shown(2 + SPARE_PEOPLE)).some((name) => blocked.some((p) => p.username === name))).toBe(
      false,
    );
  });
});
