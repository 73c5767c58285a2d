import type { Board, BoardSection, Pin, UserProfile, UserSummary } from '@pinboard/shared';
import { matchWebRoute } from '@pinboard/shared/routes';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { ApiRequestError } from '../api/client.ts';
import { endpointKey } from '../api/endpoints.ts';
import { boardAddressKey, sectionUrl } from '../features/boards/useBoard.ts';
import { displayName } from '../features/pins/pinText.ts';
import { isNotFoundError } from '../features/profile/apiErrors.ts';
import { addLazyWords, t } from '../i18n.ts';
import words from '../locales/en/ssr.json';

addLazyWords('ssr', words);

/** A picture a link preview shows: absolute URL, size when known, and its words. */
export interface HeadImage {
  url: string;
  width: number | null;
  height: number | null;
  alt: string;
}

/**
 * What a server-rendered page's head says beyond its `<title>` (which the page's components
 * render): the status, description, canonical address, Open Graph / Twitter card and schema.org
 * JSON-LD. Only from answers the viewer was given, so nothing hidden from them can appear.
 */
export interface PageHead {
  /** 404 when the path is no page or the object it names is missing or hidden from the viewer. */
  status: number;
  description: string;
  /** The page's one address (absolute). */
  canonical: string;
  ogType: 'website' | 'article' | 'profile';
  /** The object's own name, for link previews. */
  ogTitle: string;
  image: HeadImage | null;
  /** schema.org objects, each written as one `application/ld+json` script. */
  jsonLd: Record<string, unknown>[];
}

const DESCRIPTION_LENGTH = 200;

/** Text shortened at a word, for a meta description. */
function clip(text: string, length = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), length / 2))}…`;
}

/**
 * An address on this site from its path (joined, not resolved: `//host/x` from a request stays a
 * path here), or an absolute one as it is (media in a bucket).
 */
function absolute(origin: string, url: string): string {
  return new URL(url.startsWith('/') ? `${origin}${url}` : url).href;
}

type Answer<T> = { data: T } | { missing: true } | null;

/** A query's answer: its data, `missing` when the API said there is nothing for this viewer, null otherwise. */
function answer<T>(client: QueryClient, key: QueryKey): Answer<T> {
  const state = client.getQueryState<T>(key);
  if (state?.status === 'success') return { data: state.data as T };
  if (state?.status === 'error' && isNotFoundError(state.error)) return { missing: true };
  if (state?.status === 'error' && state.error instanceof ApiRequestError && state.error.status === 404) {
    return { missing: true };
  }
  return null;
}

function person(origin: string, user: UserSummary): Record<string, unknown> {
  return {
    '@type': 'Person',
    name: displayName(user),
    alternateName: `@${user.username}`,
    url: absolute(origin, `/${user.username}/`),
    ...(user.image_large_url ? { image: absolute(origin, user.image_large_url) } : {}),
  };
}

function breadcrumbs(origin: string, trail: { name: string; path: string }[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absolute(origin, crumb.path),
    })),
  };
}

function avatar(origin: string, user: UserSummary): HeadImage | null {
  const url = user.image_large_url ?? user.image_medium_url;
  return url ? { url: absolute(origin, url), width: null, height: null, alt: displayName(user) } : null;
}

function boardCover(origin: string, board: Board): HeadImage | null {
  const cover = board.cover_images[0];
  if (cover)
    return { url: absolute(origin, cover.url), width: cover.width, height: cover.height, alt: board.name };
  return board.image_cover_url
    ? { url: absolute(origin, board.image_cover_url), width: null, height: null, alt: board.name }
    : null;
}

function pinHead(origin: string, pin: Pin): Omit<PageHead, 'status'> {
  const canonical = absolute(origin, `/pin/${pin.id}/`);
  const name =
    pin.title || clip(pin.description, 80) || t('ssr.pin.untitled', { name: displayName(pin.pinner) });
  const picture = pin.images['736x'];
  const image: HeadImage = {
    url: absolute(origin, picture.url),
    width: picture.width,
    height: picture.height,
    alt: name,
  };
  const description = clip(
    pin.description || t('ssr.pin.description', { name: displayName(pin.pinner), board: pin.board.name }),
  );
  return {
    description,
    canonical,
    ogType: 'article',
    ogTitle: name,
    image,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'SocialMediaPosting',
        '@id': canonical,
        url: canonical,
        headline: name,
        ...(pin.description ? { articleBody: pin.description } : {}),
        datePublished: pin.created_at,
        author: person(origin, pin.pinner),
        image: {
          '@type': 'ImageObject',
          contentUrl: image.url,
          width: picture.width,
          height: picture.height,
          ...(pin.images.orig ? { url: absolute(origin, pin.images.orig.url) } : {}),
        },
        ...(pin.link ? { sharedContent: { '@type': 'WebPage', url: pin.link } } : {}),
        ...(pin.hashtags.length > 0 ? { keywords: pin.hashtags.join(', ') } : {}),
        interactionStatistic: {
          '@type': 'InteractionCounter',
          interactionType: 'https://schema.org/ShareAction',
          userInteractionCount: pin.repin_count,
        },
      },
      breadcrumbs(origin, [
        { name: displayName(pin.pinner), path: `/${pin.pinner.username}/` },
        { name: pin.board.name, path: pin.board.url },
        { name, path: `/pin/${pin.id}/` },
      ]),
    ],
  };
}

function profileHead(origin: string, user: UserProfile, path: string): Omit<PageHead, 'status'> {
  const canonical = absolute(origin, path);
  const name = displayName(user);
  return {
    description: clip(user.about || t('ssr.profile.description', { name, username: user.username })),
    canonical,
    ogType: 'profile',
    ogTitle: name,
    image: avatar(origin, user),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ProfilePage',
        url: canonical,
        dateCreated: user.created_at,
        mainEntity: {
          ...person(origin, user),
          identifier: user.id,
          ...(user.about ? { description: user.about } : {}),
          ...(user.website_url ? { sameAs: [user.website_url] } : {}),
          interactionStatistic: [
            {
              '@type': 'InteractionCounter',
              interactionType: 'https://schema.org/FollowAction',
              userInteractionCount: user.follower_count,
            },
          ],
        },
      },
    ],
  };
}

function boardHead(origin: string, board: Board, section: BoardSection | null): Omit<PageHead, 'status'> {
  const owner = displayName(board.owner);
  const path = section ? sectionUrl(board, section) : board.url;
  const canonical = absolute(origin, path);
  const name = section ? `${section.title} · ${board.name}` : board.name;
  const trail = [
    { name: owner, path: `/${board.owner.username}/` },
    { name: board.name, path: board.url },
    ...(section ? [{ name: section.title, path }] : []),
  ];
  const preview = section?.preview_pins[0];
  return {
    description: clip(
      (!section && board.description) ||
        t('ssr.board.description', {
          count: section ? section.pin_count : board.pin_count,
          name: section ? section.title : board.name,
          owner,
        }),
    ),
    canonical,
    ogType: 'website',
    ogTitle: name,
    image: preview
      ? { url: absolute(origin, preview.image_medium_url), width: null, height: null, alt: name }
      : boardCover(origin, board),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'CollectionPage',
        url: canonical,
        name,
        ...(board.description && !section ? { description: board.description } : {}),
        author: person(origin, board.owner),
        dateCreated: board.created_at,
      },
      breadcrumbs(origin, trail),
    ],
  };
}

function plainHead(origin: string, path: string, description: string): Omit<PageHead, 'status'> {
  const canonical = absolute(origin, path);
  return {
    description,
    canonical,
    ogType: 'website',
    ogTitle: t('app.name'),
    image: null,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebPage',
        url: canonical,
        isPartOf: { '@type': 'WebSite', name: t('app.name'), url: absolute(origin, '/') },
      },
    ],
  };
}

/** A path with its trailing slash, as the product writes its addresses. */
const withSlash = (path: string) => (path.endsWith('/') ? path : `${path}/`);

/** The head of the page at `location`, from the answers its render was drawn from. */
export function pageHead(location: URL, origin: string, client: QueryClient): PageHead {
  const match = matchWebRoute(location.pathname);
  const notFound: PageHead = {
    status: 404,
    ...plainHead(origin, withSlash(location.pathname), t('ssr.notFound')),
  };
  if (!match) return notFound;
  const { route, params } = match;
  const found = (head: Omit<PageHead, 'status'>): PageHead => ({ status: 200, ...head });

  switch (route.id) {
    // The comments page is the pin's too: its head, and a 404 when the pin is not there.
    case 'pin':
    case 'pinComments':
    case 'pinRepin': {
      const pin = answer<Pin>(client, endpointKey('getPin', { params: { id: params.id! } }));
      if (pin && 'missing' in pin) return notFound;
      return pin
        ? found(pinHead(origin, pin.data))
        : found(plainHead(origin, `/pin/${params.id}/`, t('ssr.site')));
    }
    case 'profile':
    case 'profileCreated': {
      const username = params.username!.toLowerCase();
      const user = answer<UserProfile>(client, endpointKey('getUser', { params: { username } }));
      if (user && 'missing' in user) return notFound;
      if (!user) return found(plainHead(origin, withSlash(location.pathname), t('ssr.site')));
      const tab = route.id === 'profileCreated' ? '_created/' : '';
      return found(profileHead(origin, user.data, `/${user.data.username}/${tab}`));
    }
    case 'board':
    case 'section': {
      const board = answer<Board>(client, boardAddressKey(params.username!, params.board!));
      if (board && 'missing' in board) return notFound;
      if (!board) return found(plainHead(origin, withSlash(location.pathname), t('ssr.site')));
      if (route.id === 'board') return found(boardHead(origin, board.data, null));
      const section = answer<BoardSection>(
        client,
        endpointKey('getSectionBySlug', { params: { id: board.data.id, slug: params.section! } }),
      );
      if (section && 'missing' in section) return notFound;
      return found(boardHead(origin, board.data, section ? section.data : null));
    }
    case 'searchPins':
    case 'searchBoards':
    case 'searchUsers': {
      const query = (location.searchParams.get('q') ?? '').trim();
      const path = withSlash(location.pathname) + (query ? `?q=${encodeURIComponent(query)}` : '');
      const head = plainHead(
        origin,
        path,
        query ? t('ssr.search.results', { query }) : t('ssr.search.prompt'),
      );
      return found({
        ...head,
        ogTitle: query || head.ogTitle,
        jsonLd: [{ ...head.jsonLd[0], '@type': 'SearchResultsPage', ...(query ? { name: query } : {}) }],
      });
    }
    case 'home':
      return found({
        ...plainHead(origin, '/', t('ssr.site')),
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'WebSite',
            name: t('app.name'),
            url: absolute(origin, '/'),
            potentialAction: {
              '@type': 'SearchAction',
              target: `${absolute(origin, '/search/pins/')}?q={search_term_string}`,
              'query-input': 'required name=search_term_string',
            },
          },
        ],
      });
    default:
      return found(plainHead(origin, withSlash(location.pathname), t('ssr.site')));
  }
}
