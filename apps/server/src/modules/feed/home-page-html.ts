import type { Pin } from '@pinboard/shared';
import { HOME_FEED_SCRIPT_ID } from '@pinboard/shared/inlined-data';
import { HEADER_HEIGHT } from '@pinboard/shared/chrome';
import {
  NARROW_COLUMN_MIN_WIDTH,
  PAGE_PADDING_TOP,
  PAGE_PADDING_X,
  PIN_COLUMN_WIDTH,
  PIN_GUTTER,
} from '@pinboard/shared/layout';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { ChunkFiles } from '../../plugins/vite-manifest.ts';
import type { PageAdditions } from '../../plugins/web-app.ts';

/** The web app's home route module, as Vite's manifest names it. */
export const HOME_ROUTE_SOURCE = 'src/routes/HomePage.tsx';

/** The widest grid the preloads plan for (about 1,600 px); wider windows use its choice. */
const MAX_PLANNED_COLUMNS = 6;
/** Columns of a phone-sized window: two narrow ones (features/pins/masonry.ts). */
const NARROW_COLUMNS = 2;

/**
 * JSON made safe as the text of a `<script>` element: a `<` anywhere (inside a pin's title,
 * say) could end the element (`</script>`) or open a comment that swallows it (`<!--`), so
 * each one becomes the JSON escape `\u003c`, which JSON.parse reads back as `<`. JSON has
 * no `<` outside strings, so this changes no value.
 */
export function escapeJsonForScript(json: string): string {
  return json.replace(/</g, '\\u003c');
}

/** The narrowest window whose grid has `columns` full-width columns (masonry.ts `gridGeometry`). */
function minWidthForColumns(columns: number): number {
  return columns * PIN_COLUMN_WIDTH + (columns - 1) * PIN_GUTTER + 2 * PAGE_PADDING_X;
}

/**
 * The grid's column width as `sizes` can say it: half the window (less padding and gutter)
 * below two full columns, the full column above. It only has to pick the same rendition as
 * the card's own `sizes`, which the script computes from the measured grid.
 */
const IMAGE_SIZES =
  `(max-width: ${minWidthForColumns(2) - 1}px) calc((100vw - ${2 * PAGE_PADDING_X + PIN_GUTTER}px) / 2), ` +
  `${PIN_COLUMN_WIDTH}px`;

// How tall a pin's image is for its width: in one row every column has the same width.
const aspect = (pin: Pin) => pin.images['236x'].height / Math.max(1, pin.images['236x'].width);

/**
 * Which first-row pin has the tallest image, for each window width range: the grid places
 * its first items one per column, so on a window with `c` columns the first row is the first
 * `c` pins, and its tallest image is the largest thing on the first screen (the LCP). Ranges
 * that pick the same pin are merged into one media query list.
 */
function largestFirstRowImages(pins: Pin[]): Map<Pin, string[]> {
  const chosen = new Map<Pin, string[]>();
  for (let columns = NARROW_COLUMNS; columns <= MAX_PLANNED_COLUMNS; columns++) {
    const row = pins.slice(0, columns);
    if (row.length === 0) break;
    const tallest = row.reduce((best, pin) => (aspect(pin) > aspect(best) ? pin : best));
    const from = columns === NARROW_COLUMNS ? null : `(min-width: ${minWidthForColumns(columns)}px)`;
    const to =
      columns === MAX_PLANNED_COLUMNS ? null : `(max-width: ${minWidthForColumns(columns + 1) - 1}px)`;
    const media = [from, to].filter(Boolean).join(' and ');
    chosen.set(tallest, [...(chosen.get(tallest) ?? []), media]);
  }
  return chosen;
}

/**
 * A preload of the first screen's largest image, with the card's own srcset so the browser
 * fetches the rendition the card will show. Only that one: every byte shares the slow link
 * with the app's script, which must arrive too before the card is drawn, and the smaller
 * images do not decide when the page looks loaded.
 */
function imagePreloads(pins: Pin[]): string[] {
  return [...largestFirstRowImages(pins)].map(([pin, media]) => {
    const { '236x': small, '474x': large } = pin.images;
    const srcset = `${small.url} ${small.width}w, ${large.url} ${large.width}w`;
    return (
      `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(small.url)}"` +
      ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${IMAGE_SIZES}" media="${media.join(', ')}">`
    );
  });
}

/** Pins the first-row preview offers: the first row of a window up to about 2,600 px wide. */
const PREVIEW_PINS = 10;
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** The preview's layout, from the same constants as the app's grid and chrome. */
const PREVIEW_STYLE = [
  `.pv-bar{height:${HEADER_HEIGHT}px}`,
  `.pv-main{min-height:100vh;padding:${PAGE_PADDING_TOP}px ${PAGE_PADDING_X}px 0}`,
  `.pv-row{container-type:inline-size;display:flex;flex-wrap:wrap;justify-content:center;` +
    `align-items:flex-start;gap:100vh ${PIN_GUTTER}px;` +
    `height:calc(100vh - ${HEADER_HEIGHT + PAGE_PADDING_TOP}px);overflow:clip}`,
  `.pv-card{width:${PIN_COLUMN_WIDTH}px;border-radius:16px;overflow:hidden}`,
  `.pv-card img{display:block;width:100%;height:100%;object-fit:cover}`,
  `@container (max-width:${2 * PIN_COLUMN_WIDTH + PIN_GUTTER - 1}px){` +
    `.pv-card{width:calc((100% - ${PIN_GUTTER}px) / 2)}}`,
  `@container (max-width:${2 * NARROW_COLUMN_MIN_WIDTH + PIN_GUTTER - 1}px){` +
    `.pv-card{width:min(100%, ${PIN_COLUMN_WIDTH}px)}}`,
].join('');

/**
 * The first row of the grid as plain HTML and CSS, drawn before the app's script has arrived:
 * on a slow link the script takes seconds, the first images a fraction of that. The grid puts
 * its first items one per column at its top, so the first row's boxes are known without
 * script: a centred, wrapping flex row of 236 px boxes (two narrow columns below two full
 * ones, one below that, as masonry.ts `gridGeometry`), where boxes that wrap are pushed a
 * screen down and clipped (`overflow: clip`: a clipping scroll container, `hidden`, lets lazy
 * loading fetch what is within its margin), and lazy loading never fetches them. The app's first render
 * replaces it with the same images in the same places. Hidden from assistive technology: it
 * is a picture of what the app is about to show, not content of its own.
 */
function firstRowPreview(pins: Pin[]): { html: string; style: string } {
  const shown = pins.slice(0, PREVIEW_PINS);
  // Each card's shape and colour are a rule of the page's stylesheet, not a style attribute:
  // the Content-Security-Policy lets no inline style in without the response's nonce.
  const style = shown.map((pin, index) => {
    const { '236x': small } = pin.images;
    const background = HEX_COLOR.test(pin.dominant_color) ? `;background:${pin.dominant_color}` : '';
    return `.pv-c${index}{aspect-ratio:${small.width}/${small.height}${background}}`;
  });
  const cards = shown.map((pin, index) => {
    const { '236x': small, '474x': large } = pin.images;
    const srcset = `${small.url} ${small.width}w, ${large.url} ${large.width}w`;
    return (
      `<div class="pv-card pv-c${index}">` +
      `<img src="${escapeHtml(small.url)}" srcset="${escapeHtml(srcset)}" sizes="${IMAGE_SIZES}"` +
      ` alt="" loading="lazy" decoding="async"></div>`
    );
  });
  return {
    html:
      `<div aria-hidden="true"><div class="pv-bar"></div>` +
      `<div class="pv-main"><div class="pv-row">${cards.join('')}</div></div></div>`,
    style: style.join(''),
  };
}

/**
 * What the home page's HTML adds for a signed-out visitor: the home route's code (which the
 * entry script would otherwise ask for only once it has run), the first row's images, and the
 * first feed page itself, so the app draws the feed without asking for it.
 */
export function homePageAdditions(
  page: { json: string; pins: Pin[]; pageSize: number },
  chunk: ChunkFiles | null,
): PageAdditions {
  const preview = firstRowPreview(page.pins);
  const head = [
    ...(chunk?.scripts ?? []).map(
      (href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`,
    ),
    `<style>${PREVIEW_STYLE}${preview.style}</style>`,
  ];
  const body =
    `<script type="application/json" id="${HOME_FEED_SCRIPT_ID}" data-page-size="${page.pageSize}">` +
    `${escapeJsonForScript(page.json)}</script>`;
  return {
    preloads: imagePreloads(page.pins).join('\n    '),
    head: head.join('\n    '),
    body,
    root: preview.html,
  };
}
