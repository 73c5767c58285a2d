import { WEB_ROUTES, type WebRoute } from './route-table.ts';

export * from './route-table.ts';

/**
 * Top-level words that are never usernames (the list is ours; docs/product/site.md#routes): every
 * first segment of the route table, the server's own paths, and words a person could mistake
 * for an official page. Sign-up refuses them; the router never reads them as a profile.
 */
export const RESERVED_WORDS: ReadonlySet<string> = new Set([
  ...WEB_ROUTES.map((route) => route.pattern.split('/')[0]!).filter((word) => word && !word.startsWith(':')),
  ...[
    '_',
    '__dev',
    'v3',
    'vx',
    'ads',
    'api',
    'assets',
    'media',
    'static',
    'healthz',
    'offsite',
    'connect',
    'sso',
  ],
  ...['about', 'admin', 'business', 'advertiser', 'help', 'support', 'terms', 'privacy', 'legal', 'security'],
  ...['login', 'logout', 'signup', 'register', 'password', 'account', 'accounts', 'settings', 'me'],
  ...['search', 'explore', 'pin', 'pins', 'board', 'boards', 'user', 'users', 'feed', 'home', 'create'],
  ...['ideas', 'today', 'topics', 'videos', 'shopping', 'notifications', 'messages', 'inbox', 'trends'],
  ...['blog', 'careers', 'press', 'developers', 'favicon.ico', 'robots.txt', 'sitemap.xml', 'www'],
  ...['pinboard', 'pinterest', 'null', 'undefined', 'index', 'root', 'official'],
]);

export function isReservedUsername(name: string): boolean {
  return RESERVED_WORDS.has(name.toLowerCase());
}

// The characters and length UsernameSchema allows (packages/shared/src/ids.ts).
const USERNAME_SEGMENT = /^[A-Za-z0-9_.]{3,30}$/;

export interface WebRouteMatch {
  route: WebRoute;
  /** Decoded path parameters; a trailing splat's rest is under `*`, as in React Router. */
  params: Record<string, string>;
}

interface CompiledRoute {
  route: WebRoute;
  segments: string[];
  splat: boolean;
  score: number;
}

/**
 * React Router's ranking (static 10, dynamic 3, splat -2, plus the segment count), so the server
 * and the router pick the same route for a path: `/login` is the login page, not a profile.
 */
function scoreOf(segments: string[], splat: boolean): number {
  // React Router counts the splat as a segment, then takes 2 off for it.
  const base = segments.length + (splat ? 1 - 2 : 0);
  return segments.reduce((score, segment) => score + (segment.startsWith(':') ? 3 : 10), base);
}

function compile(route: WebRoute): CompiledRoute {
  const all = route.pattern.split('/').filter(Boolean);
  const splat = all.at(-1) === '*';
  const segments = splat ? all.slice(0, -1) : all;
  return { route, segments, splat, score: scoreOf(segments, splat) };
}

// Highest score first; the sort is stable, so equal scores keep the table's order, as React Router does.
const RANKED = WEB_ROUTES.map(compile).sort((a, b) => b.score - a.score);

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchCompiled(compiled: CompiledRoute, parts: string[]): WebRouteMatch | null {
  const { segments, splat, route } = compiled;
  if (splat ? parts.length < segments.length : parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of segments.entries()) {
    const part = parts[i]!;
    if (!segment.startsWith(':')) {
      if (part.toLowerCase() !== segment.toLowerCase()) return null;
      continue;
    }
    // A profile, board or section path starts with a username, never with a reserved word.
    if (i === 0 && segment === ':username' && (!USERNAME_SEGMENT.test(part) || isReservedUsername(part))) {
      return null;
    }
    params[segment.slice(1)] = part;
  }
  if (splat) params['*'] = parts.slice(segments.length).join('/');
  return { route, params };
}

/**
 * The catalogued web route a path is, with its parameters, or null when the path is no page
 * (the server then answers 404). Takes a pathname; a query or fragment is ignored.
 */
export function matchWebRoute(pathname: string): WebRouteMatch | null {
  const path = pathname.split(/[?#]/, 1)[0]!;
  const parts = path.split('/').filter(Boolean).map(decode);
  for (const compiled of RANKED) {
    const match = matchCompiled(compiled, parts);
    if (match) return match;
  }
  return null;
}
