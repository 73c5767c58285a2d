/** A random number in [0, 1), as Math.random but seeded (see createRng). */
export type Rng = () => number;

export interface Canvas {
  width: number;
  height: number;
  /** Five colours of one palette, in a random order. */
  colors: string[];
  rng: Rng;
}

export interface SeedStyle {
  name: string;
  /** The SVG elements of the picture. */
  draw(canvas: Canvas): string;
}

/** Hand-picked five-colour palettes, so every random combination still looks designed. */
export const SEED_PALETTES: readonly string[][] = [
  ['#264653', '#2a9d8f', '#e9c46a', '#f4a261', '#e76f51'],
  ['#355c7d', '#6c5b7b', '#c06c84', '#f67280', '#f8b195'],
  ['#0b132b', '#1c2541', '#3a506b', '#5bc0be', '#9ff5e9'],
  ['#3d405b', '#81b29a', '#f2cc8f', '#e07a5f', '#f4f1de'],
  ['#22223b', '#4a4e69', '#9a8c98', '#c9ada7', '#f2e9e4'],
  ['#003049', '#d62828', '#f77f00', '#fcbf49', '#eae2b7'],
  ['#2b2d42', '#8d99ae', '#edf2f4', '#ef233c', '#d90429'],
  ['#606c38', '#283618', '#fefae0', '#dda15e', '#bc6c25'],
  ['#1d3557', '#457b9d', '#a8dadc', '#f1faee', '#e63946'],
  ['#5f0f40', '#9a031e', '#fb8b24', '#e36414', '#0f4c5c'],
  ['#ffcdb2', '#ffb4a2', '#e5989b', '#b5838d', '#6d6875'],
  ['#cdb4db', '#ffc8dd', '#ffafcc', '#bde0fe', '#a2d2ff'],
  ['#03045e', '#0077b6', '#00b4d8', '#90e0ef', '#caf0f8'],
  ['#582f0e', '#7f4f24', '#936639', '#a68a64', '#e6dcc3'],
  ['#10002b', '#3c096c', '#7b2cbf', '#c77dff', '#e0aaff'],
  ['#ff595e', '#ffca3a', '#8ac926', '#1982c4', '#6a4c93'],
];

// One decimal is invisible at these sizes and keeps the SVG (and librsvg's parsing) short.
const n = (value: number) => value.toFixed(1);

function luminance(hex: string): number {
  const v = parseInt(hex.slice(1), 16);
  return 0.2126 * (v >> 16) + 0.7152 * ((v >> 8) & 255) + 0.0722 * (v & 255);
}

/** Lightest first: skies and backgrounds want the light end, foregrounds the dark one. */
function byLightness(colors: string[]): string[] {
  return [...colors].sort((a, b) => luminance(b) - luminance(a));
}

const landscape: SeedStyle = {
  name: 'landscape',
  draw({ width: w, height: h, colors, rng }) {
    const [light, sun, ...hills] = byLightness(colors);
    const sky = `<defs><linearGradient id="sky" x2="0" y2="1"><stop offset="0" stop-color="${hills[0]}"/><stop offset="0.7" stop-color="${light}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    const sunDisc = `<circle cx="${n(w * (0.2 + rng() * 0.6))}" cy="${n(h * (0.25 + rng() * 0.2))}" r="${n(w * (0.1 + rng() * 0.1))}" fill="${sun}"/>`;
    const ridges = hills.map((color, i) => {
      const base = h * (0.55 + i * 0.14);
      const points = Array.from({ length: 9 }, (_, k) => `${n((w * k) / 8)},${n(base - rng() * h * 0.16)}`);
      return `<polygon points="0,${h} ${points.join(' ')} ${w},${h}" fill="${color}"/>`;
    });
    return sky + sunDisc + ridges.join('');
  },
};

const waves: SeedStyle = {
  name: 'waves',
  draw({ width: w, height: h, colors, rng }) {
    const bands = 5 + Math.floor(rng() * 4);
    const layers = Array.from({ length: bands }, (_, i) => {
      const y = (h * (i + 0.6)) / bands;
      const a = h * (0.03 + rng() * 0.06);
      return `<path d="M0,${n(y)} C${n(w * 0.3)},${n(y - a)} ${n(w * 0.6)},${n(y + a)} ${w},${n(y - a / 2)} L${w},${h} L0,${h}Z" fill="${colors[(i + 1) % colors.length]}"/>`;
    });
    return `<rect width="${w}" height="${h}" fill="${colors[0]}"/>${layers.join('')}`;
  },
};

/** Bauhaus tiles: each cell a background and one shape, turned a random quarter. */
const tiles: SeedStyle = {
  name: 'tiles',
  draw({ width: w, height: h, colors, rng }) {
    const cols = 3 + Math.floor(rng() * 2);
    const s = w / cols;
    const cells: string[] = [];
    for (let y = 0; y < h; y += s) {
      for (let x = 0; x < w; x += s) {
        const [bg, fg] = [colors[Math.floor(rng() * 5)]!, colors[Math.floor(rng() * 5)]!];
        const shape = [
          `<circle cx="${n(x + s / 2)}" cy="${n(y + s / 2)}" r="${n(s * 0.38)}"/>`,
          `<path d="M${n(x)},${n(y)} L${n(x + s)},${n(y)} A${n(s)},${n(s)} 0 0 1 ${n(x)},${n(y + s)}Z"/>`,
          `<path d="M${n(x)},${n(y + s)} A${n(s / 2)},${n(s / 2)} 0 0 1 ${n(x + s)},${n(y + s)}Z"/>`,
          `<path d="M${n(x)},${n(y)} L${n(x + s)},${n(y + s)} L${n(x)},${n(y + s)}Z"/>`,
        ][Math.floor(rng() * 4)];
        const turn = `rotate(${90 * Math.floor(rng() * 4)} ${n(x + s / 2)} ${n(y + s / 2)})`;
        cells.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(s + 1)}" height="${n(s + 1)}" fill="${bg}"/>`);
        if (fg !== bg) cells.push(`<g fill="${fg}" transform="${turn}">${shape}</g>`);
      }
    }
    return cells.join('');
  },
};

const stripes: SeedStyle = {
  name: 'stripes',
  draw({ width: w, height: h, colors, rng }) {
    const reach = Math.hypot(w, h);
    const bars: string[] = [];
    for (let x = -reach, i = 0; x < reach; i++) {
      const size = 20 + rng() * 110;
      bars.push(
        `<rect x="${n(x)}" y="${n(-reach)}" width="${n(size + 1)}" height="${n(reach * 2)}" fill="${colors[i % 5]}"/>`,
      );
      x += size;
    }
    const angle = Math.round(-40 + rng() * 80);
    return `<g transform="translate(${w / 2} ${h / 2}) rotate(${angle})">${bars.join('')}</g>`;
  },
};

/** A rainbow arch standing on the bottom edge, a 1970s poster favourite. */
const arches: SeedStyle = {
  name: 'arches',
  draw({ width: w, height: h, colors, rng }) {
    const [bg, ...bands] = byLightness(colors);
    const cx = w * (0.35 + rng() * 0.3);
    const cy = h * (0.7 + rng() * 0.2);
    const outer = w * (0.4 + rng() * 0.2);
    const rings = Array.from({ length: 8 }, (_, i) => {
      const r = outer * (1 - i / 8);
      return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${i === 7 ? bg : bands[i % bands.length]}"/>`;
    });
    return `<rect width="${w}" height="${h}" fill="${bg}"/>${rings.join('')}<rect y="${n(cy)}" width="${w}" height="${n(h - cy)}" fill="${bands[3]}"/>`;
  },
};

/**
 * Translucent discs over a gradient, like out-of-focus lights. Soft edges (radial gradients,
 * blur filters) were tried and dropped: librsvg takes 4-8 times longer to draw them.
 */
const bokeh: SeedStyle = {
  name: 'bokeh',
  draw({ width: w, height: h, colors, rng }) {
    const [top, bottom, ...lights] = colors;
    const backdrop = `<defs><linearGradient id="bg" x2="0.4" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#bg)"/>`;
    const discs = Array.from({ length: 7 + Math.floor(rng() * 6) }, (_, i) => {
      const [x, y, r] = [rng() * w, rng() * h, w * (0.06 + rng() * 0.24)];
      return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${lights[i % lights.length]}" opacity="${n(0.35 + rng() * 0.5)}"/>`;
    });
    return backdrop + discs.join('');
  },
};

export const SEED_STYLES: readonly SeedStyle[] = [landscape, waves, tiles, bokeh, stripes, arches];
