import { Parser } from 'htmlparser2';
import { FOUND_IMAGES_MAX, MEDIA_LIMITS, type FoundImage } from '@pinboard/shared';

/**
 * A web page's pinnable images, title and description, read with a streaming tokenizer (no DOM):
 * the images the page names for sharing (og:image, og:image:secure_url, twitter:image,
 * link rel=image_src) first, then its large <img> elements in document order.
 */
export interface PageImages {
  title: string | null;
  description: string | null;
  items: FoundImage[];
}

interface Candidate {
  url: string;
  width: number | null;
  height: number | null;
}

const SHARE_IMAGE_KEYS = new Set([
  'og:image',
  'og:image:url',
  'og:image:secure_url',
  'twitter:image',
  'twitter:image:src',
]);
const TITLE_MAX = 300;
const DESCRIPTION_MAX = 1000;
const URL_MAX = 2048;
/** File names that are spacers and tracking pixels whatever size the page claims. */
const PIXEL_NAME = /^(spacer|blank|pixel|1x1|transparent|tracking|beacon|clear)\.(gif|png)$/i;

export function extractPageImages(html: string, pageUrl: string): PageImages {
  const shared: Candidate[] = [];
  const images: Candidate[] = [];
  const meta = new Map<string, string>();
  let base = pageUrl;
  let baseSeen = false;
  let title = '';
  let inTitle = false;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'base' && attributes.href && !baseSeen) {
          baseSeen = true;
          base = absoluteUrl(attributes.href, pageUrl) ?? pageUrl;
        } else if (name === 'meta') {
          readMeta(attributes, meta, shared);
        } else if (
          name === 'link' &&
          /(^|\s)image_src(\s|$)/i.test(attributes.rel ?? '') &&
          attributes.href
        ) {
          shared.push({ url: attributes.href, width: null, height: null });
        } else if (name === 'img') {
          const image = imageOf(attributes);
          if (image) images.push(image);
        } else if (name === 'title') {
          inTitle = true;
        }
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();

  return {
    title: clipped(meta.get('og:title') ?? (title || meta.get('twitter:title')), TITLE_MAX),
    description: clipped(
      meta.get('og:description') ?? meta.get('description') ?? meta.get('twitter:description'),
      DESCRIPTION_MAX,
    ),
    items: pinnable([...shared, ...images], base),
  };
}

function readMeta(attributes: Record<string, string>, meta: Map<string, string>, shared: Candidate[]): void {
  const key = (attributes.property ?? attributes.name ?? '').trim().toLowerCase();
  const content = attributes.content?.trim();
  if (!key || !content) return;
  if (SHARE_IMAGE_KEYS.has(key)) {
    shared.push({ url: content, width: null, height: null });
  } else if ((key === 'og:image:width' || key === 'og:image:height') && shared.length > 0) {
    // The size belongs to the og:image just before it.
    const last = shared[shared.length - 1]!;
    last[key === 'og:image:width' ? 'width' : 'height'] = pixelsOf(content);
  } else if (!meta.has(key)) {
    meta.set(key, content);
  }
}

function imageOf(attributes: Record<string, string>): Candidate | null {
  const width = pixelsOf(attributes.width);
  const height = pixelsOf(attributes.height);
  if (
    (width !== null && width < MEDIA_LIMITS.minDimension) ||
    (height !== null && height < MEDIA_LIMITS.minDimension)
  ) {
    return null;
  }
  // Lazy-loading pages keep the real picture in data-* and a placeholder in src.
  const choices = [
    largestOf(attributes.srcset),
    largestOf(attributes['data-srcset']),
    attributes['data-src'],
    attributes['data-lazy-src'],
    attributes['data-original'],
    attributes.src,
  ];
  const url = choices.map((choice) => choice?.trim()).find((choice) => choice && !/^data:/i.test(choice));
  return url ? { url, width, height } : null;
}

/** The widest (else densest) candidate of a srcset, split as the HTML standard splits it. */
function largestOf(srcset: string | undefined): string | undefined {
  if (!srcset) return undefined;
  let best: { url: string; size: number } | undefined;
  const urlPattern = /[\s,]*(\S+)/y;
  let at = 0;
  while (at < srcset.length) {
    urlPattern.lastIndex = at;
    const match = urlPattern.exec(srcset);
    if (!match) break;
    let url = match[1]!;
    let descriptor = '';
    at = urlPattern.lastIndex;
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      const comma = srcset.indexOf(',', at);
      const end = comma === -1 ? srcset.length : comma;
      descriptor = srcset.slice(at, end).trim();
      at = end + 1;
    }
    const size = descriptor ? parseFloat(descriptor) || 0 : 1;
    if (url && (!best || size > best.size)) best = { url, size };
  }
  return best?.url;
}

function pinnable(candidates: Candidate[], base: string): FoundImage[] {
  const seen = new Set<string>();
  const items: FoundImage[] = [];
  for (const candidate of candidates) {
    const url = absoluteUrl(candidate.url, base);
    if (!url || seen.has(url) || !isPictureUrl(url)) continue;
    seen.add(url);
    items.push({ type: 'pinnable', url, width: candidate.width, height: candidate.height });
    if (items.length >= FOUND_IMAGES_MAX) break;
  }
  return items;
}

function isPictureUrl(href: string): boolean {
  const url = new URL(href);
  const fileName = url.pathname.split('/').pop() ?? '';
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    href.length <= URL_MAX &&
    !/\.svgz?$/i.test(fileName) &&
    !PIXEL_NAME.test(fileName)
  );
}

function absoluteUrl(value: string, base: string): string | null {
  try {
    return new URL(value, base).href;
  } catch {
    return null;
  }
}

/** A width or height attribute in CSS pixels ("300", "300px"); null for "100%" or nonsense. */
function pixelsOf(value: string | undefined): number | null {
  const match = /^\s*(\d+)(?:\.\d+)?\s*(px)?\s*$/i.exec(value ?? '');
  return match ? Number(match[1]) : null;
}

function clipped(value: string | undefined, max: number): string | null {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, max) : null;
}
