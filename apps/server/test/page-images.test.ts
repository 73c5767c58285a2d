import { describe, expect, it } from 'vitest';
import { decodeHtml } from '../src/modules/links/html-text.ts';
import { extractPageImages } from '../src/modules/links/page-images.ts';

const urlsOf = (html: string, page = 'https://shop.example/a/page.html') =>
  extractPageImages(html, page).items.map((item) => item.url);

describe('extractPageImages', () => {
  it('takes the widest srcset candidate, by width or by density, as the HTML standard splits it', () => {
    expect(urlsOf('<img srcset="a.jpg 1x,b.jpg 2x">')).toEqual(['https://shop.example/a/b.jpg']);
    expect(urlsOf('<img srcset="/s,1.jpg 400w, /s,2.jpg 900w, /s,3.jpg 600w" src="s.jpg">')).toEqual([
      'https://shop.example/s,2.jpg',
    ]);
  });

  it('skips secure_url repeats, svg, tracking pixels, tiny and non-web images, and stops at 50', () => {
    const html = [
      '<meta property="og:image" content="http://cdn.example/x.jpg">',
      '<meta property="og:image:secure_url" content="http://cdn.example/x.jpg">',
      '<img src="//cdn.example/spacer.gif"><img src="icons.svgz"><img src="javascript:alert(1)">',
      '<img src="wide.jpg" width="800" height="90"><img src="pct.jpg" width="100%">',
      ...Array.from({ length: 60 }, (_, i) => `<img src="p${i}.jpg">`),
    ].join('');
    const urls = urlsOf(html);
    expect(urls.slice(0, 3)).toEqual([
      'http://cdn.example/x.jpg',
      'https://shop.example/a/pct.jpg',
      'https://shop.example/a/p0.jpg',
    ]);
    expect(urls).toHaveLength(50);
  });

  it('reads the title and description in their order of preference', () => {
    const page = extractPageImages(
      '<title>Tab title</title><meta name="twitter:title" content="Tw"><meta name="DESCRIPTION" content=" Plain\n words ">',
      'https://shop.example/',
    );
    expect(page).toEqual({ title: 'Tab title', description: 'Plain words', items: [] });
  });
});

describe('decodeHtml', () => {
  it('uses the header charset, else a meta charset, else UTF-8', () => {
    const latin1 = Buffer.from('<meta charset="iso-8859-1"><title>caf\xe9</title>', 'latin1');
    expect(decodeHtml(latin1, 'text/html')).toContain('café');
    expect(decodeHtml(Buffer.from('caf\xe9', 'latin1'), 'text/html; charset=windows-1252')).toBe('café');
    expect(decodeHtml(Buffer.from('café'), 'text/html; charset=nonsense')).toBe('café');
  });
});
